import type { CredentialType } from '../../protocol/index.js';
import type { SessionInfo } from '../../client/index.js';

/** Detail of `ew-signed-in`. */
export type EwSignedInDetail = { session: SessionInfo; method: CredentialType | undefined };

/** `ew-signed-in`: A session started (any method). Bubbles and is composed. */
export class EwSignedInEvent extends CustomEvent<EwSignedInDetail> {
  static readonly eventName = 'ew-signed-in';
  constructor(detail: EwSignedInDetail) {
    super('ew-signed-in', { detail, bubbles: true, composed: true });
  }
}

declare global {
  interface GlobalEventHandlersEventMap {
    'ew-signed-in': EwSignedInEvent;
  }
}
