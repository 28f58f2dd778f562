import type { CredentialType } from '../../protocol/index.js';

/** Detail of `ew-credential-added`. */
export type EwCredentialAddedDetail = { credentialId: string; type: CredentialType; nickname: string };

/**
 * `ew-credential-added`: A passkey or OAuth identity was added, or a first sign-in
 * registered the wallet's email or SMS code credential. Bubbles and is composed.
 */
export class EwCredentialAddedEvent extends CustomEvent<EwCredentialAddedDetail> {
  static readonly eventName = 'ew-credential-added';
  constructor(detail: EwCredentialAddedDetail) {
    super('ew-credential-added', { detail, bubbles: true, composed: true });
  }
}

declare global {
  interface GlobalEventHandlersEventMap {
    'ew-credential-added': EwCredentialAddedEvent;
  }
}
