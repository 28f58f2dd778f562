/**
 * Passkeys (docs/protocol.md, "Sign-in flows"). Both ceremonies are split in two so that the
 * network work happens before the user taps: iOS Safari drops the user
 * activation after an `await`, so `start()` calls WebAuthn before awaiting
 * anything. Prepare early, keep it fresh (`isFresh`), start in the click.
 */
import {
  startAuthentication,
  startRegistration,
  WebAuthnAbortService,
  type PublicKeyCredentialCreationOptionsJSON,
  type PublicKeyCredentialRequestOptionsJSON,
} from '@simplewebauthn/browser';
import { checkPayloadToSign, sha256Hex, toBase64Url, utf8, WalletCryptoError } from '../../crypto/index.js';
import {
  isRequestId,
  WalletError,
  type AuthMethod,
  type AuthSession,
  type PasskeyChallenge,
} from '../../protocol/index.js';
import {
  activeSession,
  activityExpectation,
  credentialOf,
  sessionSignedCall,
  expectActivity,
  listCredentials,
  type ClientContext,
} from '../context.js';
import { newSessionKey, sessionSigningKey } from '../session/session-key.js';
import { originRefusal, passkeyCeremony } from './ceremony-errors.js';
import type { SessionInfo } from '../session/state.js';
import { PasskeyError } from '../passkey-error.js';

/**
 * What the passkey will sign must say what it authorises: `challenge` is the
 * SHA-256 of a login activity naming this client's key and the credential.
 * Without this a relay could swap in its own key, and the user's tap would
 * approve a session sealed to the relay.
 */
async function checkLoginChallenge(
  ctx: ClientContext,
  answer: PasskeyChallenge,
  expected: { targetPublicKey: string; credentialId: string },
): Promise<void> {
  if (answer.payloadToSign === undefined && ctx.options.allowUnboundPasskeyChallenge) return;
  if (typeof answer.payloadToSign !== 'string') {
    throw new WalletCryptoError('PAYLOAD_UNRECOGNISED', 'The passkey challenge does not say what it authorises');
  }
  if ((await sha256Hex(answer.payloadToSign)) !== answer.challenge) {
    throw new WalletCryptoError('PAYLOAD_PARAMETER_MISMATCH', 'The passkey challenge is not the login it states', {
      field: 'challenge',
    });
  }
  checkPayloadToSign(
    answer.payloadToSign,
    activityExpectation(ctx, ctx.options.activityTypes.passkeySignIn, {
      targetPublicKey: expected.targetPublicKey,
      parameters: { credentialId: expected.credentialId },
      freeParameters: ['nonce'],
      limits: { expirationSeconds: ctx.options.maxSessionSeconds },
    }),
  );
}

/** A passkey sign-in whose key and challenge are ready; `start` it inside the tap. */
export interface PreparedPasskeySignIn {
  credentialId: string;
  /** Server-clock expiry of the challenge. */
  expiresAt: number;
  /** True while the challenge can still be used (with a few seconds to spare). */
  isFresh(): boolean;
  /** Runs the WebAuthn ceremony at once, then verifies and stores the session. Single use. */
  start(): Promise<SessionInfo>;
}

const FRESHNESS_MARGIN_MS = 10_000;

export async function preparePasskeySignIn(ctx: ClientContext, credentialId?: string): Promise<PreparedPasskeySignIn> {
  const operation = 'signInWithPasskey';
  const id = await credentialOf(ctx, 'PASSKEY', credentialId, operation);
  const key = await newSessionKey(ctx.options.sessionKeyMode);
  const { body: challenge } = await ctx.api.call<PasskeyChallenge>({
    method: 'POST',
    path: `/auth/credentials/${encodeURIComponent(id)}/challenge`,
    body: { clientPublicKey: key.publicKeyHex },
    operation,
  });
  if (
    typeof challenge.challenge !== 'string' ||
    !isRequestId(challenge.requestId) ||
    typeof challenge.credentialId !== 'string'
  ) {
    throw new WalletError('INVALID_RESPONSE', 'The passkey challenge answer is incomplete', { operation });
  }
  await checkLoginChallenge(ctx, challenge, { targetPublicKey: key.publicKeyHex, credentialId: id });
  const expiresAt = Date.parse(challenge.expiresAt);
  let used = false;
  const isFresh = () => !used && !(expiresAt - ctx.api.clock.now() < FRESHNESS_MARGIN_MS);
  return {
    credentialId: id,
    expiresAt,
    isFresh,
    start() {
      if (!isFresh())
        return Promise.reject(
          new WalletError('CHALLENGE_EXPIRED', 'The passkey challenge expired; prepare again', { operation }),
        );
      used = true;
      // No await before this call: it must run inside the tap's user activation.
      const ceremony = authenticate(ctx, {
        // The service's challenge is a hex string whose UTF-8 bytes (not its decoding) are the WebAuthn challenge.
        challenge: toBase64Url(utf8(challenge.challenge)),
        allowCredentials: [{ id: challenge.credentialId, type: 'public-key' }],
        userVerification: 'preferred',
        ...(ctx.options.rpId ? { rpId: ctx.options.rpId } : {}),
        timeout: Math.max(expiresAt - ctx.api.clock.now(), 30_000),
      });
      return (async () => {
        const response = await passkeyCeremony(ceremony, operation);
        const { body } = await ctx.api
          .call<AuthSession>({
            method: 'POST',
            path: `/auth/credentials/${encodeURIComponent(id)}/verify`,
            headers: { 'Request-Id': challenge.requestId },
            body: {
              type: 'PASSKEY',
              assertion: {
                credentialId: response.id,
                clientDataJson: response.response.clientDataJSON,
                authenticatorData: response.response.authenticatorData,
                signature: response.response.signature,
                ...(response.response.userHandle ? { userHandle: response.response.userHandle } : {}),
              },
            },
            operation,
          })
          .catch((error: unknown) => Promise.reject(originRefusal(error, ctx.options.rpId, operation) ?? error));
        const keyPair = await sessionSigningKey(body, key, operation);
        return ctx.sessions.adopt(body, keyPair, { id, type: 'PASSKEY' }, 'signed-in');
      })();
    },
  };
}

/** A passkey registration whose options are ready; `start` it inside the tap. */
export interface PreparedPasskeyRegistration {
  /** Creates the passkey at once, registers it (signed by the current session), then signs in with it unless told not to. */
  start(): Promise<{ credential: AuthMethod; session: SessionInfo | undefined }>;
}

export async function preparePasskeyRegistration(
  ctx: ClientContext,
  options: { nickname?: string; signIn?: boolean } = {},
): Promise<PreparedPasskeyRegistration> {
  const operation = 'registerPasskey';
  const { accountId } = ctx.options;
  // Sent as the service stores it (trimmed, at most 64 characters), so the activity can state it back exactly.
  const nickname = options.nickname?.trim().slice(0, 64) || 'Passkey';
  await activeSession(ctx, operation);
  const { body: creation } = await ctx.api.call<PublicKeyCredentialCreationOptionsJSON>({
    method: 'POST',
    path: '/passkeys/registration-options',
    body: { accountId },
    operation,
  });
  if (typeof creation.challenge !== 'string')
    throw new WalletError('INVALID_RESPONSE', 'The registration options have no challenge', { operation });
  return {
    start() {
      const ceremony = register(ctx, creation);
      return (async () => {
        const response = await passkeyCeremony(ceremony, operation);
        const session = await activeSession(ctx, operation);
        const attestation = {
          credentialId: response.id,
          clientDataJson: response.response.clientDataJSON,
          attestationObject: response.response.attestationObject,
          transports: response.response.transports ?? [],
        };
        const result = await sessionSignedCall<AuthMethod>(ctx, session, {
          method: 'POST',
          path: '/auth/credentials',
          body: { type: 'PASSKEY', accountId, nickname, challenge: creation.challenge, attestation },
          operation,
          // The activity must name this very passkey: a swapped attestation would add the relay's.
          expect: expectActivity(ctx, 'addPasskey', {
            parameters: {
              accountId,
              authenticators: [{ authenticatorName: nickname, challenge: creation.challenge, attestation }],
            },
          }),
          readBack: async () => (await listCredentials(ctx, operation)).some((c) => c.credentialId === response.id),
        }).catch((error: unknown) => Promise.reject(originRefusal(error, ctx.options.rpId, operation) ?? error));
        const credential =
          result.body ?? (await listCredentials(ctx, operation)).find((c) => c.credentialId === response.id)!;
        if (options.signIn === false) return { credential, session: undefined };
        const prepared = await preparePasskeySignIn(ctx, credential.id);
        return { credential, session: await prepared.start() };
      })();
    },
  };
}

/**
 * Cancels the passkey ceremony in progress (the user gave up waiting): it
 * rejects with PASSKEY_CANCELLED, as if they had dismissed the browser's sheet.
 */
export function cancelPasskeyCeremony(): void {
  for (const cancel of preparing) cancel();
  for (const elsewhere of runningElsewhere) elsewhere.abort();
  WebAuthnAbortService.cancelCeremony();
}

/** The ceremonies running elsewhere (the client's `passkeyCeremonyElsewhere` took them). */
const runningElsewhere = new Set<AbortController>();

/** Tracks a ceremony the client's hook may run elsewhere, so a cancel reaches it; undefined when it runs here. */
function elsewhere<T>(run: (signal: AbortSignal) => Promise<T> | undefined): Promise<T> | undefined {
  const controller = new AbortController();
  const running = run(controller.signal);
  if (!running) return undefined;
  runningElsewhere.add(controller);
  return running.finally(() => runningElsewhere.delete(controller));
}

/** A WebAuthn `get()`: elsewhere when the client's hook takes it (isolated mode's window), else on this page. */
const authenticate = (ctx: ClientContext, optionsJSON: PublicKeyCredentialRequestOptionsJSON) =>
  elsewhere((signal) => ctx.options.passkeyCeremonyElsewhere?.('get', optionsJSON, signal)) ??
  startAuthentication({ optionsJSON });

/** A WebAuthn `create()`, as {@link authenticate} runs a `get()`. */
const register = (ctx: ClientContext, optionsJSON: PublicKeyCredentialCreationOptionsJSON) =>
  elsewhere((signal) => ctx.options.passkeyCeremonyElsewhere?.('create', optionsJSON, signal)) ??
  startRegistration({ optionsJSON });

/** The sign-ins still being prepared (signInWithPasskeyNow): no ceremony runs yet for a cancel to abort. */
const preparing = new Set<() => void>();

/**
 * Prepares and starts a sign-in at once (where user activation survives an await). A cancel while
 * its challenge is asked for fails it at once with PASSKEY_CANCELLED, and no ceremony starts.
 */
export async function signInWithPasskeyNow(ctx: ClientContext, credentialId?: string): Promise<SessionInfo> {
  let cancel = (): void => {};
  const cancelled = new Promise<never>((_, reject) => {
    cancel = () =>
      reject(new PasskeyError('PASSKEY_CANCELLED', 'The passkey sign-in was cancelled', 'signInWithPasskey'));
  });
  preparing.add(cancel);
  try {
    const prepared = await Promise.race([preparePasskeySignIn(ctx, credentialId), cancelled]);
    preparing.delete(cancel);
    return await prepared.start();
  } finally {
    preparing.delete(cancel);
  }
}
