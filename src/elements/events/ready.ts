/** Detail of `ew-ready`: nothing beyond the element itself (`event.target`). */
export type EwReadyDetail = Record<string, never>;

/**
 * `ew-ready`: The element shows its first usable view (for one that loads
 * something, once it has loaded). Fired on the element itself: it neither
 * bubbles nor crosses shadow roots, so a wallet's inner parts never reach the
 * page. Again after its client changes.
 */
export class EwReadyEvent extends CustomEvent<EwReadyDetail> {
  static readonly eventName = 'ew-ready';
  constructor() {
    super('ew-ready', { detail: {} });
  }
}

declare global {
  interface GlobalEventHandlersEventMap {
    'ew-ready': EwReadyEvent;
  }
}
