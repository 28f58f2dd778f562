/**
 * Email and SMS OTP sign-in as two steps (docs/protocol.md, "Sign-in flows"): `start` asks for a
 * code (the answer carries the enclave-signed target bundle and where the code
 * went); `finish` seals the code with HPKE to the verified target, sends it,
 * checks the verification token names our fresh key, stamps it with that key
 * and stores the session. The plaintext code never leaves the device.
 */
import { generateSigningKeyPair, loadHpke, publicKeyHex } from '../../crypto/index.js';
import { WalletError, type AuthMethod, type AuthSession } from '../../protocol/index.js';
import { signedCall } from '../../protocol/signed-call.js';
import { listCredentials, type ClientContext } from '../context.js';
import { registerOtpCredential } from './code-credential.js';
import type { SessionInfo } from '../session/state.js';

export interface OtpSignIn {
  credentialId: string;
  channel: 'email' | 'sms';
  /** The credential this sign-in registered: the wallet's first of its type (a first sign-in). */
  registered?: AuthMethod;
  /** Where the code went (the credential's email or phone), unmasked; UIs mask it. */
  destination: string;
  /**
   * Server-clock time before which a new code should not be asked for: each code sent starts
   * the wait, and a refused `resend` sets it from the service's `Retry-After`.
   */
  resendAvailableAt: number;
  /** Seals and submits the code; resolves once signed in. A wrong code rejects and the same step may be retried. */
  finish(code: string): Promise<SessionInfo>;
  /** Asks for a new code (a new target bundle); honours the service's `Retry-After`. */
  resend(): Promise<void>;
}

/** Strips the separators people paste ("123 456", "123-456") and checks what is left. */
export function normaliseOtp(code: string): string {
  const digits = code.replace(/[\s\-–.]/g, '');
  if (!/^\d{4,10}$/.test(digits))
    throw new WalletError('INVALID_INPUT', 'The code must be digits only', { operation: 'finishOtp' });
  return digits;
}

// Once per page: after the first seal the code is warm.
let sealWarmed = false;

export async function startOtpSignIn(
  ctx: ClientContext,
  type: 'EMAIL_OTP' | 'SMS_OTP',
  credentialId?: string,
): Promise<OtpSignIn> {
  const operation = type === 'EMAIL_OTP' ? 'signInWithEmailOtp' : 'signInWithSmsOtp';
  const { id, registered } = await otpCredential(ctx, type, credentialId, operation);
  const code = codeRequests(ctx, id, operation);
  // A first registration's answer may already carry the first code's target bundle: no challenge call then.
  await code.ask(registered?.otpEncryptionTargetBundle !== undefined ? registered : undefined);

  const flow: OtpSignIn = {
    credentialId: id,
    ...(registered ? { registered } : {}),
    channel: type === 'EMAIL_OTP' ? 'email' : 'sms',
    destination: code.target().nickname,
    get resendAvailableAt() {
      return code.resendAvailableAt;
    },
    async resend() {
      await code.ask();
      flow.destination = code.target().nickname;
    },
    finish: (digits: string) => finishOtp(ctx, { id, type, operation, target: code.target() }, digits),
  };
  return flow;
}

/**
 * The credential to send the code to: the given id, the wallet's one of this
 * type, or (a first sign-in) one registered now. Checking the target bundle
 * and sealing the code need the HPKE module, loaded on first use (on the
 * script tag a file of its own, embedded-wallet-hpke.js): fetched alongside
 * the lookup, and required before a code is sent, as a code this page could
 * not seal is of no use to the user.
 */
async function otpCredential(
  ctx: ClientContext,
  type: 'EMAIL_OTP' | 'SMS_OTP',
  credentialId: string | undefined,
  operation: string,
): Promise<{ id: string; registered: AuthMethod | undefined }> {
  // The catch only marks an early failure as handled; it is thrown by the await below.
  const hpke = loadHpke();
  hpke.catch(() => undefined);
  const listed = credentialId ? undefined : (await listCredentials(ctx, operation)).find((c) => c.type === type);
  await hpke;
  const registered = credentialId || listed ? undefined : await registerOtpCredential(ctx, type, operation);
  return { id: (credentialId ?? listed?.id ?? registered?.id)!, registered };
}

/**
 * How long after a code is sent before a new one may be asked for, when the
 * service has not said. Its interface names no such interval (Limits: "Rate
 * limits on requests: not shown"); the sandbox refuses a new code within
 * 30 s (docs/sandbox.md), so a resend offered sooner could only be refused.
 * A `Retry-After` from the service replaces it.
 */
const OTP_RESEND_INTERVAL_MS = 30_000;

/**
 * Asking for codes to credential `id`: each answer's target bundle is checked
 * before it is kept; each code sent starts the wait before the next may be
 * asked for, and a refusal's `Retry-After` sets that wait.
 */
function codeRequests(ctx: ClientContext, id: string, operation: string) {
  let target: AuthMethod | undefined;
  const requests = {
    resendAvailableAt: 0,
    /** The last checked answer (there is one once `ask` resolved). */
    target: () => target!,
    async ask(answered?: AuthMethod): Promise<void> {
      try {
        const body =
          answered ??
          (
            await ctx.api.call<AuthMethod>({
              method: 'POST',
              path: `/auth/credentials/${encodeURIComponent(id)}/challenge`,
              body: {},
              operation,
            })
          ).body;
        // A code was sent, whatever the checks below say of its answer: the wait starts now.
        requests.resendAvailableAt = ctx.api.clock.now() + OTP_RESEND_INTERVAL_MS;
        if (typeof body.otpEncryptionTargetBundle !== 'string') {
          throw new WalletError('INVALID_RESPONSE', 'The challenge answer has no otpEncryptionTargetBundle', {
            operation,
          });
        }
        // Refused here, not at finish: the user learns before typing a code that will never be sent.
        const hpke = await loadHpke();
        await hpke.parseTargetBundle(
          body.otpEncryptionTargetBundle,
          ctx.options.trust.otpTarget,
          ctx.options.organizationId,
        );
        target = body;
        // The first seal on a page pays one-time costs (src/crypto/hpke/prewarm.ts): paid now, while the user
        // types the code. Not awaited, and it never rejects: finish verifies and seals from scratch.
        if (!sealWarmed) {
          sealWarmed = true;
          void hpke.prewarmOtpSeal(body.otpEncryptionTargetBundle, ctx.options.trust.otpTarget);
        }
      } catch (error) {
        if (error instanceof WalletError && error.retryAfterMs !== undefined)
          requests.resendAvailableAt = ctx.api.clock.now() + error.retryAfterMs;
        throw error;
      }
    },
  };
  return requests;
}

/**
 * Seals `code` to the checked target, sends it, checks the verification token
 * names our fresh key, and stores the session that key signs for.
 */
async function finishOtp(
  ctx: ClientContext,
  step: { id: string; type: 'EMAIL_OTP' | 'SMS_OTP'; operation: string; target: AuthMethod },
  code: string,
): Promise<SessionInfo> {
  const { id, type, operation } = step;
  const digits = normaliseOtp(code);
  // The TEK: a fresh non-extractable signing pair; it signs the verify retry and is the session key.
  const tek = await generateSigningKeyPair();
  const tekHex = await publicKeyHex(tek.publicKey, 'compressed');
  const hpke = await loadHpke(); // loaded since the code was asked for
  const encryptedOtpBundle = await hpke.sealOtpBundle({
    otpCode: digits,
    publicKey: tekHex,
    targetBundle: step.target.otpEncryptionTargetBundle!,
    trust: ctx.options.trust.otpTarget,
  });
  const { body } = await signedCall<AuthSession>(ctx.api, {
    method: 'POST',
    path: `/auth/credentials/${encodeURIComponent(id)}/verify`,
    body: { type, encryptedOtpBundle },
    operation,
    // The token must name our TEK, no other session key, and this wallet's organization when known.
    expect: (now) => ({
      kind: 'otp-token',
      publicKey: tekHex,
      now,
      ...(ctx.options.organizationId ? { organizationId: ctx.options.organizationId } : {}),
    }),
    signer: () => tek,
  });
  if (!body) throw new WalletError('INVALID_RESPONSE', 'The verify answer has no session', { operation });
  return ctx.sessions.adopt(body, tek, { id, type }, 'signed-in');
}
