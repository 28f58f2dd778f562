/** Detail of `ew-session-revoked`. */
export type EwSessionRevokedDetail = { sessionId: string };

/** `ew-session-revoked`: Another device was signed out. Bubbles and is composed. */
export class EwSessionRevokedEvent extends CustomEvent<EwSessionRevokedDetail> {
  static readonly eventName = 'ew-session-revoked';
  constructor(detail: EwSessionRevokedDetail) {
    super('ew-session-revoked', { detail, bubbles: true, composed: true });
  }
}

declare global {
  interface GlobalEventHandlersEventMap {
    'ew-session-revoked': EwSessionRevokedEvent;
  }
}
