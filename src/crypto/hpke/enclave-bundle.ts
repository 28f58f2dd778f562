import { equalBytes, fromUtf8 } from '../bytes.js';
import type { EnclaveTrust } from '../enclave-keys.js';
import { WalletCryptoError } from '../errors.js';
import { fromHex } from '../hex.js';
import { parsePublicKeyHex } from '../points.js';
import { verifyDerSignature } from './verify-signature.js';

/**
 * Enclave-signed bundles: the OTP target bundle and the export bundle share
 * one envelope (docs/protocol.md, "Enclave bundles"):
 * `{"version","data":"<hex>","dataSignature":"<DER hex>","enclaveQuorumPublic":"<hex>"}`.
 * Nothing inside `data` is trusted until `enclaveQuorumPublic` is a key pinned
 * in the client's configuration and `dataSignature` verifies under it: the key
 * carried in the bundle proves nothing by itself.
 */

/** A bundle whose signature (when trusted by pin) has been verified. */
export interface VerifiedBundle {
  /** The bytes of `data`, as signed. */
  data: Uint8Array;
  /** `data` parsed as UTF-8 JSON. */
  signedData: Record<string, unknown>;
  /** False only for the hosted sandbox's unsigned form, taken under its explicit option. */
  signed: boolean;
}

function member(bundle: Record<string, unknown>, name: string): string {
  const value = bundle[name];
  if (typeof value !== 'string') {
    throw new WalletCryptoError('BUNDLE_MALFORMED', `bundle: "${name}" expected a string`);
  }
  return value;
}

function parseJsonObject(text: string, what: string): Record<string, unknown> {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (cause) {
    throw new WalletCryptoError('BUNDLE_NOT_JSON', `${what} is not JSON`, { cause });
  }
  if (typeof value !== 'object' || value === null || Array.isArray(value)) {
    throw new WalletCryptoError('BUNDLE_MALFORMED', `${what} is not a JSON object`);
  }
  return value as Record<string, unknown>;
}

/**
 * Parses an enclave bundle and verifies it against `trust`. Checks run
 * cheapest first; each failure has its own code: not JSON, a missing member,
 * bad hex, an invalid or unpinned signer key, bad DER, a wrong signature.
 */
export async function verifyEnclaveBundle(bundleJson: string, trust: EnclaveTrust): Promise<VerifiedBundle> {
  if (typeof bundleJson !== 'string') throw new TypeError('bundle expected a JSON string');
  const bundle = parseJsonObject(bundleJson, 'bundle');
  const data = fromHex(member(bundle, 'data'), 'data');
  const signatureHex = member(bundle, 'dataSignature');
  const signerHex = member(bundle, 'enclaveQuorumPublic');

  if (typeof trust?.pinnedKey !== 'string') throw new TypeError('trust expected {pinnedKey}');
  const unsignedSandboxBundle = signatureHex === '' && signerHex === '';
  if (!(unsignedSandboxBundle && trust.dangerouslyAcceptUnsignedSandboxBundle === true)) {
    const pinned = parsePublicKeyHex(trust.pinnedKey, 'pinnedKey').uncompressed;
    const signer = parsePublicKeyHex(signerHex, 'enclaveQuorumPublic').uncompressed;
    if (!equalBytes(signer, pinned)) {
      throw new WalletCryptoError(
        'ENCLAVE_KEY_NOT_PINNED',
        'bundle: signed by a key that is not the pinned enclave key',
      );
    }
    await assertSignature(signer, signatureHex, data);
  }

  let text: string;
  try {
    text = fromUtf8(data);
  } catch (cause) {
    throw new WalletCryptoError('BUNDLE_NOT_JSON', 'bundle: "data" is not UTF-8', { cause });
  }
  return { data, signedData: parseJsonObject(text, 'bundle "data"'), signed: !unsignedSandboxBundle };
}

async function assertSignature(signer: Uint8Array, signatureHex: string, data: Uint8Array): Promise<void> {
  const ok = await verifyDerSignature(signer, fromHex(signatureHex, 'dataSignature'), data);
  if (!ok) throw new WalletCryptoError('BAD_BUNDLE_SIGNATURE', 'bundle: the enclave signature does not verify');
}

/**
 * Verifies an OTP target bundle and returns its `targetPublic` as 65-byte
 * uncompressed SEC1, the key the OTP is sealed to. With `organizationId`, the
 * bundle must be signed for that organization: a code sealed to another
 * organization's target would sign the user in to a wallet there.
 */
export async function parseTargetBundle(
  bundleJson: string,
  trust: EnclaveTrust,
  organizationId?: string,
): Promise<Uint8Array> {
  // Target bundles are always signed, the hosted sandbox's too: the unsigned form is never accepted here.
  const { signedData } = await verifyEnclaveBundle(bundleJson, { pinnedKey: trust.pinnedKey });
  if (organizationId !== undefined && signedData['organizationId'] !== organizationId) {
    throw new WalletCryptoError('BUNDLE_WRONG_ORGANIZATION', 'target bundle: signed for another organization');
  }
  const target = signedData['targetPublic'];
  if (typeof target !== 'string' || target === '') {
    throw new WalletCryptoError('BUNDLE_MISSING_TARGET', 'target bundle: "targetPublic" is missing');
  }
  return parsePublicKeyHex(target, 'targetPublic', 'uncompressed').uncompressed;
}

/** The sealed contents of a verified export bundle. */
export interface ExportPayload {
  /** 65-byte uncompressed HPKE encapsulated key. */
  encappedPublic: Uint8Array;
  ciphertext: Uint8Array;
  organizationId: string | undefined;
  /** False for the hosted sandbox's unsigned form (its organization is not vouched for). */
  signed: boolean;
}

/** Verifies an export bundle (`encryptedWalletCredentials`) and returns what it seals. */
export async function parseExportBundle(bundleJson: string, trust: EnclaveTrust): Promise<ExportPayload> {
  const { signedData, signed } = await verifyEnclaveBundle(bundleJson, trust);
  const enc = member(signedData, 'encappedPublic');
  const organizationId = signedData['organizationId'];
  return {
    encappedPublic: parsePublicKeyHex(enc, 'encappedPublic', 'uncompressed').uncompressed,
    ciphertext: fromHex(member(signedData, 'ciphertext'), 'ciphertext'),
    organizationId: typeof organizationId === 'string' ? organizationId : undefined,
    signed,
  };
}
