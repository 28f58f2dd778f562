/** Detail of `ew-quote-change`. */
export type EwQuoteChangeDetail = { quoteId: string | undefined };

/**
 * `ew-quote-change`: `<ew-approve-quote>` was given another quote (or none). A wallet above
 * reads its balance again, so what it shows agrees with the payment asked for. Bubbles and is composed.
 */
export class EwQuoteChangeEvent extends CustomEvent<EwQuoteChangeDetail> {
  static readonly eventName = 'ew-quote-change';
  constructor(detail: EwQuoteChangeDetail) {
    super('ew-quote-change', { detail, bubbles: true, composed: true });
  }
}

declare global {
  interface GlobalEventHandlersEventMap {
    'ew-quote-change': EwQuoteChangeEvent;
  }
}
