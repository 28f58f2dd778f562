/**
 * What the wallet's frame and its passkey window say to each other (both on
 * the frame's origin; neither takes a message from any other window or
 * origin). The window says it is `ready`; the frame answers with the
 * `ceremony` to run, or that it is `preparing` it (the window opened in the
 * press, before the relay's answer); the window answers with the credential
 * (`done`) or the ceremony's failure (`failed`, named as WebAuthn names it).
 */
import type {
  AuthenticationResponseJSON,
  PublicKeyCredentialCreationOptionsJSON,
  PublicKeyCredentialRequestOptionsJSON,
  RegistrationResponseJSON,
} from '@simplewebauthn/browser';

export type CeremonyMessage = { t: 'ew-passkey-ceremony'; locale: string } & (
  | { kind: 'get'; options: PublicKeyCredentialRequestOptionsJSON }
  | { kind: 'create'; options: PublicKeyCredentialCreationOptionsJSON }
);

/** The ceremony of `kind` is on its way; it comes within PREPARE_WAIT_MS, or the frame closes the window. */
export type PreparingMessage = { t: 'ew-passkey-preparing'; kind: 'get' | 'create'; locale: string };

/** How long a window opened in the press waits for its ceremony (the relay's answer) before it closes. */
export const PREPARE_WAIT_MS = 30_000;

export type PasskeyWindowMessage =
  | { t: 'ew-passkey-ready' }
  | { t: 'ew-passkey-done'; response: AuthenticationResponseJSON | RegistrationResponseJSON }
  | { t: 'ew-passkey-failed'; name: string; message: string };

/** The names a failure keeps (they decide which error the user sees); any other is `UnknownError`. */
const FAILURES = ['NotAllowedError', 'AbortError', 'InvalidStateError', 'SecurityError', 'NotSupportedError'];

const record = (value: unknown): Record<string, unknown> | undefined =>
  typeof value === 'object' && value !== null && !Array.isArray(value) ? (value as Record<string, unknown>) : undefined;
const text = (value: unknown) => typeof value === 'string' && value.length > 0;

/** The fields a credential of `kind` must carry as text for the client to send it on (the service checks them). */
const FIELDS = {
  get: ['clientDataJSON', 'authenticatorData', 'signature'],
  create: ['clientDataJSON', 'attestationObject'],
} as const;

/** The window's message in `data` about a ceremony of `kind`, or undefined for anything else. */
export function readPasskeyWindowMessage(data: unknown, kind: 'get' | 'create'): PasskeyWindowMessage | undefined {
  const m = record(data);
  if (m?.t === 'ew-passkey-ready') return { t: m.t };
  if (m?.t === 'ew-passkey-failed')
    return {
      t: m.t,
      name: FAILURES.includes(m.name as string) ? (m.name as string) : 'UnknownError',
      message: typeof m.message === 'string' ? m.message.slice(0, 300) : 'The passkey ceremony failed',
    };
  const credential = record(m?.response);
  const response = record(credential?.response);
  if (m?.t !== 'ew-passkey-done' || !credential || !response || !text(credential.id)) return undefined;
  if (!FIELDS[kind].every((name) => text(response[name]))) return undefined;
  return m as PasskeyWindowMessage;
}

/** The frame's ceremony in `data` (or that it is preparing one), or undefined. WebAuthn itself checks the options. */
export function readCeremonyMessage(data: unknown): CeremonyMessage | PreparingMessage | undefined {
  const m = record(data);
  if (m?.t === 'ew-passkey-preparing')
    return (m.kind === 'get' || m.kind === 'create') && typeof m.locale === 'string'
      ? { t: m.t, kind: m.kind, locale: m.locale }
      : undefined;
  const options = record(m?.options);
  if (m?.t !== 'ew-passkey-ceremony' || (m.kind !== 'get' && m.kind !== 'create')) return undefined;
  return options && text(options.challenge) && typeof m.locale === 'string'
    ? (m as unknown as CeremonyMessage)
    : undefined;
}
