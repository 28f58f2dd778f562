/**
 * One end of an element's channel (a `MessagePort`): what arrives is read by
 * the side's reader (validate.ts) and handed on typed; anything the reader
 * refuses is dropped and counted, never thrown and never answered, so a
 * hostile sender learns nothing from a malformed message.
 */
export interface LinkPort<Out> {
  /** Sends a message (the other side reads it again: nothing here is trusted to it). */
  send(message: Out): void;
  /** How many messages arrived that the reader refused. */
  readonly dropped: number;
  /** Closes the port: nothing more is sent or handed on. */
  close(): void;
}

export function linkPort<In, Out>(
  port: MessagePort,
  read: (data: unknown) => In | undefined,
  onMessage: (message: In) => void,
): LinkPort<Out> {
  let dropped = 0;
  let open = true;
  const receive = (event: MessageEvent) => {
    const message = open ? read(event.data) : undefined;
    if (message === undefined) dropped++;
    else onMessage(message);
  };
  port.onmessage = receive;
  // A message that cannot be deserialized here (HTML's `messageerror`) is dropped like any other.
  port.onmessageerror = () => void dropped++;
  return {
    send: (message) => open && port.postMessage(message),
    get dropped() {
      return dropped;
    },
    close() {
      open = false;
      port.onmessage = null;
      port.close();
    },
  };
}
