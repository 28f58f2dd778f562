/** Detail of `ew-credential-removed`. */
export type EwCredentialRemovedDetail = { credentialId: string };

/** `ew-credential-removed`: A credential was removed. Bubbles and is composed. */
export class EwCredentialRemovedEvent extends CustomEvent<EwCredentialRemovedDetail> {
  static readonly eventName = 'ew-credential-removed';
  constructor(detail: EwCredentialRemovedDetail) {
    super('ew-credential-removed', { detail, bubbles: true, composed: true });
  }
}

declare global {
  interface GlobalEventHandlersEventMap {
    'ew-credential-removed': EwCredentialRemovedEvent;
  }
}
