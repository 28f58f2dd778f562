/**
 * A WebAuthn ceremony run somewhere other than the client's page. Isolated
 * mode's frame uses it where the browser refuses a ceremony in a cross-origin
 * frame (the iframe lacks `allow="publickey-credentials-…"`, or the engine
 * refuses `create()` there, as Safari does): the frame hands the ceremony to a
 * window on its own origin (src/frame-page/passkey-window/).
 */
import type {
  AuthenticationResponseJSON,
  PublicKeyCredentialCreationOptionsJSON,
  PublicKeyCredentialRequestOptionsJSON,
  RegistrationResponseJSON,
} from '@simplewebauthn/browser';

/**
 * Runs ceremony `kind` with `options` elsewhere and resolves with the credential's JSON, or returns
 * undefined to have it run on this page. Called inside the user's press, before any await, so it
 * may open a window. A failure rejects as WebAuthn would (a `DOMException` named `NotAllowedError`
 * when the user gives up); `signal` aborts when the client cancels the ceremony.
 */
export interface PasskeyCeremonyElsewhere {
  (
    kind: 'get',
    options: PublicKeyCredentialRequestOptionsJSON,
    signal: AbortSignal,
  ): Promise<AuthenticationResponseJSON> | undefined;
  (
    kind: 'create',
    options: PublicKeyCredentialCreationOptionsJSON,
    signal: AbortSignal,
  ): Promise<RegistrationResponseJSON> | undefined;
}
