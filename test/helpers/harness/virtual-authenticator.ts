/**
 * Chromium's virtual authenticator as every passkey test uses it (CDP
 * `WebAuthn.addVirtualAuthenticator`): a platform authenticator with resident
 * keys and user verification that answers without a touch.
 */
export const VIRTUAL_AUTHENTICATOR = {
  protocol: 'ctap2',
  transport: 'internal',
  hasResidentKey: true,
  hasUserVerification: true,
  isUserVerified: true,
  automaticPresenceSimulation: true,
} as const;
