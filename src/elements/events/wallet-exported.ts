/** Detail of `ew-wallet-exported`. */
export type EwWalletExportedDetail = Record<string, never>;

/** `ew-wallet-exported`: The recovery phrase was revealed (the phrase itself is never in an event). Bubbles and is composed. */
export class EwWalletExportedEvent extends CustomEvent<EwWalletExportedDetail> {
  static readonly eventName = 'ew-wallet-exported';
  constructor(detail: EwWalletExportedDetail) {
    super('ew-wallet-exported', { detail, bubbles: true, composed: true });
  }
}

declare global {
  interface GlobalEventHandlersEventMap {
    'ew-wallet-exported': EwWalletExportedEvent;
  }
}
