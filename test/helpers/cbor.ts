/**
 * A minimal CBOR encoder (RFC 8949): unsigned and negative integers, byte and
 * text strings, maps; and the two WebAuthn structures built with it. Used by
 * the Node and the in-page software authenticators.
 */
export type Cbor = number | string | Uint8Array | Map<number | string, Cbor>;

function head(major: number, n: number): number[] {
  if (n < 24) return [(major << 5) | n];
  if (n < 256) return [(major << 5) | 24, n];
  return [(major << 5) | 25, n >> 8, n & 255];
}

export function cbor(value: Cbor): Uint8Array {
  if (typeof value === 'number') return Uint8Array.from(value >= 0 ? head(0, value) : head(1, -1 - value));
  if (typeof value === 'string') {
    const bytes = new TextEncoder().encode(value);
    return Uint8Array.from([...head(3, bytes.length), ...bytes]);
  }
  if (value instanceof Uint8Array) return Uint8Array.from([...head(2, value.length), ...value]);
  const parts: number[] = head(5, value.size);
  for (const [k, v] of value) parts.push(...cbor(k), ...cbor(v));
  return Uint8Array.from(parts);
}

/** An ES256 COSE_Key (RFC 9053): EC2, P-256, x and y. */
export const coseEs256 = (x: Uint8Array, y: Uint8Array): Uint8Array =>
  cbor(
    new Map<number, Cbor>([
      [1, 2],
      [3, -7],
      [-1, 1],
      [-2, x],
      [-3, y],
    ]),
  );

/** A "none" attestation object around `authData` (WebAuthn 8.7). */
export const noneAttestation = (authData: Uint8Array): Uint8Array =>
  cbor(
    new Map<string, Cbor>([
      ['fmt', 'none'],
      ['attStmt', new Map()],
      ['authData', authData],
    ]),
  );
