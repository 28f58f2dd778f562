/** Detail of `ew-signed-out`. */
export type EwSignedOutDetail = { cause: string; revokedAtService: boolean | undefined };

/** `ew-signed-out`: The session ended: signed out here or in another tab, expired, or revoked. Bubbles and is composed. */
export class EwSignedOutEvent extends CustomEvent<EwSignedOutDetail> {
  static readonly eventName = 'ew-signed-out';
  constructor(detail: EwSignedOutDetail) {
    super('ew-signed-out', { detail, bubbles: true, composed: true });
  }
}

declare global {
  interface GlobalEventHandlersEventMap {
    'ew-signed-out': EwSignedOutEvent;
  }
}
