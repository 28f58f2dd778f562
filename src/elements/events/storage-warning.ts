/** Detail of `ew-storage-warning`. */
export type EwStorageWarningDetail = { message: string; reason: string };

/** `ew-storage-warning`: Sessions are kept in memory only on this device; show `message` to the user. Bubbles and is composed. */
export class EwStorageWarningEvent extends CustomEvent<EwStorageWarningDetail> {
  static readonly eventName = 'ew-storage-warning';
  constructor(detail: EwStorageWarningDetail) {
    super('ew-storage-warning', { detail, bubbles: true, composed: true });
  }
}

declare global {
  interface GlobalEventHandlersEventMap {
    'ew-storage-warning': EwStorageWarningEvent;
  }
}
