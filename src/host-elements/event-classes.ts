/**
 * The event class of each `ew-*` event name, for re-dispatching the frame's
 * events as the same typed events. Listed by name rather than read from the
 * events' module namespace, which would ship every export's name in the host
 * script (test/host-elements/event-classes.test.ts holds the list to the
 * events module and the surface table).
 */
import {
  EwCredentialAddedEvent,
  EwCredentialRemovedEvent,
  EwErrorEvent,
  EwLoadErrorEvent,
  EwOtpSentEvent,
  EwPaymentSettledEvent,
  EwQuoteChangeEvent,
  EwReadyEvent,
  EwReceiptDoneEvent,
  EwSessionExpiringEvent,
  EwSessionRevokedEvent,
  EwSignatureEvent,
  EwSignedInEvent,
  EwSignedOutEvent,
  EwStorageWarningEvent,
  EwWalletExportedEvent,
} from '../elements/events/index.js';

type EventClass = (new (detail: never) => Event) & { eventName: string };

export const EVENT_CLASSES: ReadonlyMap<string, EventClass> = new Map(
  (
    [
      EwCredentialAddedEvent,
      EwCredentialRemovedEvent,
      EwErrorEvent,
      EwLoadErrorEvent,
      EwOtpSentEvent,
      EwPaymentSettledEvent,
      EwQuoteChangeEvent,
      EwReadyEvent,
      EwReceiptDoneEvent,
      EwSessionExpiringEvent,
      EwSessionRevokedEvent,
      EwSignatureEvent,
      EwSignedInEvent,
      EwSignedOutEvent,
      EwStorageWarningEvent,
      EwWalletExportedEvent,
    ] as EventClass[]
  ).map((kind) => [kind.eventName, kind]),
);
