/** Detail of `ew-session-expiring`. */
export type EwSessionExpiringDetail = { expiresAt: Date; msLeft: number };

/** `ew-session-expiring`: The session is inside its refresh margin. Bubbles and is composed. */
export class EwSessionExpiringEvent extends CustomEvent<EwSessionExpiringDetail> {
  static readonly eventName = 'ew-session-expiring';
  constructor(detail: EwSessionExpiringDetail) {
    super('ew-session-expiring', { detail, bubbles: true, composed: true });
  }
}

declare global {
  interface GlobalEventHandlersEventMap {
    'ew-session-expiring': EwSessionExpiringEvent;
  }
}
