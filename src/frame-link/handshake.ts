/**
 * Opening an element's channel. The host posts the handshake to the frame's
 * window, for the frame's origin only, with one end of a new `MessageChannel`;
 * the frame answers on that port. The frame takes a handshake only from its
 * parent window (`event.source`), only from an origin on its list (the origin
 * the browser reports for the message, never `'null'`; Firefox has no
 * `location.ancestorOrigins`, and a referrer is the host's to choose), and only
 * once per document. A parent it refuses is told why (`Refused`), nothing else.
 */
import { FRAME_PROTOCOL, HELLO, type FrameMessage, type Hello, type HostMessage, type Refused } from './messages.js';
import { linkPort, type LinkPort } from './port.js';
import { readFrameMessage, readHello, readRefused } from './validate.js';

/** Why a frame did not answer: the frame refused this page, or nothing answered in time. */
export class FrameLinkError extends Error {
  constructor(
    readonly code:
      | 'FRAME_PARENT_NOT_ALLOWED'
      | 'FRAME_CONFIG_INVALID'
      | 'FRAME_TAG_UNSUPPORTED'
      | 'FRAME_VERSION_MISMATCH'
      | 'FRAME_NO_ANSWER'
      | (string & {}),
    message: string,
  ) {
    super(message);
    this.name = 'FrameLinkError';
  }
}

export interface HostLinkOptions {
  /** The frame's origin: the handshake is posted to it alone. */
  frameOrigin: string;
  /** The element the frame should draw. */
  tag: string;
  /** Every message the frame sends after its welcome. */
  onMessage: (message: FrameMessage) => void;
  /** How long the frame has to answer after it loads. */
  timeoutMs?: number;
}

/** What to check when a frame loaded but never answered: each cause a partner meets, with its fix. */
function noAnswer(frame: HTMLIFrameElement, frameOrigin: string, timeoutMs: number): string {
  const page = frame.ownerDocument.defaultView?.origin ?? 'this page';
  return (
    `the wallet's frame at ${frame.src} did not answer within ${timeoutMs / 1000} s. Check that this URL serves ` +
    `the package's frame page (dist/frame/ with its scripts), that the frame's frame-ancestors header ` +
    `(frameHeaders' parentOrigins) and its frame.json name this page's origin, ${page}, and that this page's CSP has ` +
    `"frame-src ${frameOrigin}"`
  );
}

/**
 * The host's side: once `frame` has loaded, the handshake, and the port once the frame
 * welcomes it. Rejects with a FrameLinkError when the frame refuses or does not answer.
 */
export function openHostLink(frame: HTMLIFrameElement, options: HostLinkOptions): Promise<LinkPort<HostMessage>> {
  const { frameOrigin, tag, onMessage, timeoutMs = 10_000 } = options;
  const view = frame.ownerDocument.defaultView!;
  return new Promise((resolve, reject) => {
    const finish = (error?: FrameLinkError) => {
      clearTimeout(timer);
      view.removeEventListener('message', refused);
      if (error) reject(error);
    };
    const refused = (event: MessageEvent) => {
      const refusal = event.source === frame.contentWindow && event.origin === frameOrigin && readRefused(event.data);
      if (refusal) finish(new FrameLinkError(refusal.code, `the frame at ${frameOrigin} refused this page`));
    };
    view.addEventListener('message', refused);
    const timer = setTimeout(
      () => finish(new FrameLinkError('FRAME_NO_ANSWER', noAnswer(frame, frameOrigin, timeoutMs))),
      timeoutMs,
    );
    const { port1, port2 } = new MessageChannel();
    let welcomed = false;
    const link = linkPort<FrameMessage, HostMessage>(port1, readFrameMessage, (message) => {
      if (welcomed) return onMessage(message);
      if (message.t !== 'welcome') return;
      welcomed = true;
      if (message.v !== FRAME_PROTOCOL) {
        link.close();
        return finish(new FrameLinkError('FRAME_VERSION_MISMATCH', `the frame speaks version ${message.v}`));
      }
      finish();
      resolve(link);
    });
    const hello: Hello = { ew: HELLO, versions: [FRAME_PROTOCOL], tag };
    frame.contentWindow?.postMessage(hello, frameOrigin, [port2]);
  });
}

export interface FrameLinkOptions {
  /**
   * The origins whose pages may show this frame, exactly as browsers write them; a promise while
   * the frame reads its configuration (a handshake may come first). A rejection refuses every page.
   */
  parentOrigins: readonly string[] | Promise<readonly string[]>;
  /** The elements this frame draws; a handshake for another is refused. */
  tags: readonly string[];
  /** The frame's package version, said in the welcome. */
  version: string;
  /** The port is open: the element `tag` names is drawn for `origin`. */
  onLink: (link: { port: MessagePort; tag: string; origin: string }) => void;
  /** A handshake was refused, with the reason (for the frame's own page to say). */
  onRefused?: (code: Refused['code'], origin: string) => void;
}

/** The frame's side: waits for its parent's handshake; returns a function that stops waiting. */
export function acceptParentLink(view: Window, options: FrameLinkOptions): () => void {
  const { tags, version, onLink, onRefused } = options;
  // Why a page of `origin` is refused, if it is: not listed, or no list could be read.
  const refusal = Promise.resolve(options.parentOrigins).then(
    (origins) => (origin: string) =>
      origin !== 'null' && origins.includes(origin) ? undefined : 'FRAME_PARENT_NOT_ALLOWED',
    () => () => 'FRAME_CONFIG_INVALID',
  );
  let taken = false;
  const listen = async (event: MessageEvent) => {
    if (taken || view.parent === view || event.source !== view.parent) return;
    const hello = readHello(event.data);
    const [port] = event.ports;
    if (!hello || !port) return;
    // One handshake per document: the first well-formed one from the parent decides.
    taken = true;
    view.removeEventListener('message', listen);
    const refuse = (code: string) => {
      onRefused?.(code, event.origin);
      // The refused page learns why (its load error names the fix), and nothing else.
      if (event.origin !== 'null') view.parent.postMessage({ ew: 'ew-frame-refused', code }, event.origin);
    };
    const refused = (await refusal)(event.origin);
    if (refused) return refuse(refused);
    if (!hello.versions.includes(FRAME_PROTOCOL)) return refuse('FRAME_VERSION_MISMATCH');
    if (!tags.includes(hello.tag)) return refuse('FRAME_TAG_UNSUPPORTED');
    port.postMessage({ t: 'welcome', v: FRAME_PROTOCOL, version } satisfies FrameMessage);
    onLink({ port, tag: hello.tag, origin: event.origin });
  };
  view.addEventListener('message', listen);
  return () => view.removeEventListener('message', listen);
}
