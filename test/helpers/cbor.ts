/**
 * A minimal CBOR encoder (RFC 8949): unsigned and negative integers, byte and
 * text strings, maps. Enough for WebAuthn attestation objects and COSE keys;
 * used by the Node and the in-page software authenticators.
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
