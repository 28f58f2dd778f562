/**
 * The in-browser half of `npm run bench`: each operation of our crypto core
 * next to its equivalent in Turnkey's published libraries, timed in the same
 * page. Every operation's first call (cold: nothing cached, JIT cold) is
 * reported apart from the median of the warm runs (timed in batches).
 */
import { ApiKeyStamper } from '@turnkey/api-key-stamper';
import {
  decryptCredentialBundle,
  decryptExportBundle,
  encryptOtpCodeToBundle,
  generateP256KeyPair,
  getPublicKey,
} from '@turnkey/crypto';
import { del, get, set } from 'idb-keyval';
import {
  createStamp,
  generateEncryptionKeyPair,
  generateSigningKeyPair,
  PRODUCTION_EXPORT_SIGNER_KEY,
  publicKeyHex,
} from '../src/crypto/index.js';
import { prewarmOtpSeal, prewarmSessionKeyOpen } from '../src/crypto/hpke/prewarm.js';
import { openExportBundle, openSessionKeyBundle, sealOtpBundle } from '../src/crypto/hpke/seal-open.js';
import { importEcdhPair } from '../test/helpers/keys.js';
import { makeBundle, makeEnclave, randomKeyHex } from '../test/helpers/enclave.js';

export interface Fixtures {
  exportBundle: { bundle: object; recipientPrivateKeyHex: string; organizationId: string };
  credentialBundle: { bundle: string; recipientPrivateKeyHex: string };
}
export interface Timing {
  op: string;
  /** `platform`: the bare WebCrypto call an operation cannot go below (its floor). */
  impl: 'ours' | 'turnkey' | 'platform';
  firstMs: number;
  medianMs: number;
  p90Ms: number;
  runs: number;
}

/** What a first call needs, made in Node so that making it warms nothing in the page. */
export interface FirstCallData {
  payload: string;
  /** A Turnkey API key pair (hex) for their stamper. */
  apiKey: { publicKey: string; privateKey: string };
  otp: { targetBundle: string; pinnedKey: string; tek: string };
  credential: { bundle: string; recipientPrivateKeyHex: string; recipientJwk: JsonWebKey };
}
export type FirstCallOp = 'stamp' | 'OTP seal' | 'session bundle open';
export interface FirstCall {
  /** The timed first call, ms. */
  ms: number;
  /** How long the pre-warm took (when run), ms. */
  prewarmMs?: number;
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
const p90 = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length * 0.9)]!;

/** Chromium coarsens performance.now() to 0.1 ms, so each warm sample times a batch of calls. */
const BATCH = 10;

async function time(op: string, impl: Timing['impl'], fn: () => Promise<unknown>, runs: number): Promise<Timing> {
  let started = performance.now();
  await fn();
  const firstMs = performance.now() - started;
  for (let i = 0; i < Math.min(20, runs); i++) await fn(); // warm-up
  const samples: number[] = [];
  for (let i = 0; i < Math.ceil(runs / BATCH); i++) {
    started = performance.now();
    for (let j = 0; j < BATCH; j++) await fn();
    samples.push((performance.now() - started) / BATCH);
  }
  return { op, impl, firstMs, medianMs: median(samples), p90Ms: p90(samples), runs: samples.length * BATCH };
}

/** Stamp: sign the exact payload with the session key; beside it, the one ECDSA sign it cannot go below. */
async function benchStamp(payload: string, ourKey: CryptoKeyPair, runs: number): Promise<Timing[]> {
  const results = [await time('stamp', 'ours', () => createStamp(payload, ourKey), runs)];
  // The floor of any WebCrypto stamper: the one ECDSA sign a stamp needs, alone.
  const bytes = new TextEncoder().encode(payload);
  results.push(
    await time(
      'stamp floor: one ECDSA sign',
      'platform',
      () => crypto.subtle.sign({ name: 'ECDSA', hash: 'SHA-256' }, ourKey.privateKey, bytes),
      runs,
    ),
  );
  const theirKey = generateP256KeyPair();
  const stamper = new ApiKeyStamper({ apiPublicKey: theirKey.publicKey, apiPrivateKey: theirKey.privateKey });
  results.push(await time('stamp', 'turnkey', () => stamper.stamp(payload), runs));
  return results;
}

/** OTP sealing: verify the target bundle against the pinned key, then HPKE-seal the code. */
async function benchOtpSeal(runs: number): Promise<Timing[]> {
  const enclave = makeEnclave();
  const target = makeBundle(enclave, { targetPublic: randomKeyHex().uncompressed });
  const tek = await publicKeyHex((await generateSigningKeyPair()).publicKey, 'compressed');
  const trust = { pinnedKey: enclave.publicKeyHex };
  return [
    await time(
      'OTP seal',
      'ours',
      () => sealOtpBundle({ otpCode: '123456', publicKey: tek, targetBundle: target, trust }),
      runs,
    ),
    await time('OTP seal', 'turnkey', () => encryptOtpCodeToBundle('123456', target, tek, enclave.publicKeyHex), runs),
  ];
}

/** Session bundle opening (Turnkey's production fixture for both), alone and with the key's first stamp. */
async function benchSessionOpen(fixtures: Fixtures, payload: string, runs: number): Promise<Timing[]> {
  const credential = fixtures.credentialBundle;
  const recipient = await importEcdhPair(credential.recipientPrivateKeyHex);
  const results = [
    await time('session bundle open', 'ours', () => openSessionKeyBundle(credential.bundle, recipient), runs),
    await time(
      'session bundle open',
      'turnkey',
      async () => decryptCredentialBundle(credential.bundle, credential.recipientPrivateKeyHex),
      runs,
    ),
  ];

  // What a sign-in ends with, a bundle opened and its key's first stamp: our open imports the key
  // once (non-extractable, self-checked); Turnkey's returns the key in hex, which its stamper then
  // imports at every stamp. Same fixture, same payload.
  results.push(
    await time(
      'session open + its first stamp',
      'ours',
      async () => createStamp(payload, await openSessionKeyBundle(credential.bundle, recipient)),
      runs,
    ),
  );
  results.push(
    await time(
      'session open + its first stamp',
      'turnkey',
      async () => {
        const privateKey = decryptCredentialBundle(credential.bundle, credential.recipientPrivateKeyHex);
        const publicKey = [...getPublicKey(privateKey, true)].map((b) => b.toString(16).padStart(2, '0')).join('');
        return new ApiKeyStamper({ apiPublicKey: publicKey, apiPrivateKey: privateKey }).stamp(payload);
      },
      runs,
    ),
  );
  return results;
}

/** Export bundle opening (production fixture, production export signer key pinned). */
async function benchExportOpen(fixtures: Fixtures, runs: number): Promise<Timing[]> {
  const exported = { ...fixtures.exportBundle, bundle: JSON.stringify(fixtures.exportBundle.bundle) };
  const exportRecipient = await importEcdhPair(exported.recipientPrivateKeyHex);
  return [
    await time(
      'export bundle open',
      'ours',
      () =>
        openExportBundle({
          bundle: exported.bundle,
          recipient: exportRecipient,
          trust: { pinnedKey: PRODUCTION_EXPORT_SIGNER_KEY },
          organizationId: exported.organizationId,
        }),
      runs,
    ),
    await time(
      'export bundle open',
      'turnkey',
      () =>
        decryptExportBundle({
          exportBundle: exported.bundle,
          embeddedKey: exported.recipientPrivateKeyHex,
          organizationId: exported.organizationId,
          returnMnemonic: true,
        }),
      runs,
    ),
  ];
}

/** IndexedDB: store and read back a session record holding a non-extractable key. */
async function benchIndexedDb(ourKey: CryptoKeyPair, runs: number): Promise<Timing> {
  const record = { sessionId: 'Session:bench', expiresAt: Date.now() + 60_000, keyPair: ourKey };
  const timing = await time(
    'IndexedDB store + restore session',
    'ours',
    async () => {
      await set('bench-session', record);
      await get('bench-session');
    },
    Math.min(runs, 100),
  );
  await del('bench-session');
  return timing;
}

export async function runBench(fixtures: Fixtures, runs: number): Promise<Timing[]> {
  const payload = JSON.stringify({
    type: 'ACTIVITY_TYPE_STAMP_LOGIN',
    timestampMs: String(Date.now()),
    organizationId: 'bench',
    parameters: { publicKey: '02'.padEnd(66, 'a') },
  });
  const ourKey = await generateSigningKeyPair();
  return [
    ...(await benchStamp(payload, ourKey, runs)),
    ...(await benchOtpSeal(runs)),
    ...(await benchSessionOpen(fixtures, payload, runs)),
    ...(await benchExportOpen(fixtures, runs)),
    // Key generation: a session signing pair and an HPKE recipient pair.
    await time('key pair (signing)', 'ours', () => generateSigningKeyPair(), runs),
    await time('key pair (HPKE recipient)', 'ours', () => generateEncryptionKeyPair(), runs),
    await time('key pair', 'turnkey', async () => generateP256KeyPair(), runs),
    await benchIndexedDb(ourKey, runs),
  ];
}

/**
 * One first call on a fresh page: `op` by `impl`, timed alone. With `prewarm`,
 * the product's pre-warm for that operation runs (and is awaited) first, as it
 * does in the client while the user types the code or the sign-in request is
 * out; the stamp has none. The inputs are made before, outside the timing.
 */
export async function firstCall(
  op: FirstCallOp,
  impl: Timing['impl'],
  prewarm: boolean,
  data: FirstCallData,
): Promise<FirstCall> {
  let call: () => Promise<unknown>;
  let warm: (() => Promise<void>) | undefined;
  if (op === 'stamp') {
    if (impl === 'ours') {
      const key = await generateSigningKeyPair();
      await publicKeyHex(key.publicKey, 'compressed'); // the client learns it when the session starts
      call = () => createStamp(data.payload, key);
    } else {
      const stamper = new ApiKeyStamper({ apiPublicKey: data.apiKey.publicKey, apiPrivateKey: data.apiKey.privateKey });
      call = () => stamper.stamp(data.payload);
    }
  } else if (op === 'OTP seal') {
    const { targetBundle, pinnedKey, tek } = data.otp;
    if (impl === 'ours') {
      const trust = { pinnedKey };
      call = () => sealOtpBundle({ otpCode: '123456', publicKey: tek, targetBundle, trust });
      warm = () => prewarmOtpSeal(targetBundle, trust);
    } else {
      call = () => encryptOtpCodeToBundle('123456', targetBundle, tek, pinnedKey);
    }
  } else {
    const { bundle, recipientPrivateKeyHex, recipientJwk } = data.credential;
    if (impl === 'ours') {
      const { d: _, ...publicJwk } = recipientJwk;
      const alg = { name: 'ECDH', namedCurve: 'P-256' };
      const recipient = {
        privateKey: await crypto.subtle.importKey('jwk', recipientJwk, alg, false, ['deriveBits']),
        publicKey: await crypto.subtle.importKey('jwk', publicJwk, alg, true, []),
      };
      await publicKeyHex(recipient.publicKey, 'uncompressed'); // the client sent it as clientPublicKey
      call = () => openSessionKeyBundle(bundle, recipient);
      warm = () => prewarmSessionKeyOpen(recipient);
    } else {
      call = async () => decryptCredentialBundle(bundle, recipientPrivateKeyHex);
    }
  }
  let prewarmMs: number | undefined;
  if (prewarm && warm) {
    const started = performance.now();
    await warm();
    prewarmMs = performance.now() - started;
  }
  const started = performance.now();
  await call();
  return { ms: performance.now() - started, ...(prewarmMs !== undefined ? { prewarmMs } : {}) };
}

Object.assign(window, { runBench, firstCall });
