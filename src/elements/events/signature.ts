/** Detail of `ew-signature`. */
export type EwSignatureDetail = { signature: string; quoteId: string; idempotencyKey: string; sessionExpiresAt: Date };

/** `ew-signature`: The user approved a quote: hand this to your backend to execute it. Bubbles and is composed. */
export class EwSignatureEvent extends CustomEvent<EwSignatureDetail> {
  static readonly eventName = 'ew-signature';
  constructor(detail: EwSignatureDetail) {
    super('ew-signature', { detail, bubbles: true, composed: true });
  }
}

declare global {
  interface GlobalEventHandlersEventMap {
    'ew-signature': EwSignatureEvent;
  }
}
