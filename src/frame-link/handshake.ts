/**
 * Opening an element's channel. The frame page says it is there as its script
 * starts (`Here`, the only message it posts before it knows its parent); the
 * host then posts the handshake to the frame's
 * window, for the frame's origin only, with one end of a new `MessageChannel`;
 * the frame answers on that port. The frame takes a handshake only from its
 * parent window (`event.source`), only from an origin on its list (the origin
 * the browser reports for the message, never `'null'`; Firefox has no
 * `location.ancestorOrigins`, and a referrer is the host's to choose), and only
 * once per document. A parent it refuses is told why (`Refused`), nothing else.
 */
import {
  FRAME_PROTOCOL,
  HELLO,
  HERE,
  PING,
  type FrameMessage,
  type Hello,
  type Here,
  type HostMessage,
  type Ping,
  type Refused,
} from './messages.js';
import { linkPort, type LinkPort } from './port.js';
import { readFrameMessage, readHello, readHere, readPing, readRefused } from './validate.js';

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
  /** How long the frame has to answer the handshake. */
  timeoutMs?: number;
}

/** What to check when a frame loaded but never answered: each cause a partner meets, with its fix. */
function noAnswer(frame: HTMLIFrameElement, frameOrigin: string, timeoutMs: number): string {
  const page = frame.ownerDocument.defaultView?.origin;
  return (
    `the wallet's frame at ${frame.src} did not answer in ${timeoutMs / 1000} s: check that this URL serves ` +
    `dist/frame/, that its frame-ancestors (frameHeaders' parentOrigins) and frame.json name this page's ` +
    `origin, ${page}, and that this page's CSP has "frame-src ${frameOrigin}"`
  );
}

export interface FollowFrameOptions {
  /** The frame's origin: only its documents are heard. */
  frameOrigin: string;
  /** A document of the frame page is there (once per document): time for the handshake. */
  onHere: () => void;
  /** The iframe loaded a document that did not say it is there within `timeoutMs` (not the frame page). */
  onSilent: (error: FrameLinkError) => void;
  timeoutMs?: number;
}

/**
 * Follows the documents `frame` loads, for the host: each frame page says it is there as its script
 * starts (`onHere`; before its `load` in Chromium and Firefox, just after it in WebKit). At each
 * load the host asks the document then in the iframe whether it is the frame page (`Ping`, posted
 * to the frame's origin only, so it reaches no page of another origin); one that has not answered
 * within `timeoutMs` (a wrong URL, an error page, a page refused by its `frame-ancestors`) is said
 * (`onSilent`). Returns a function that stops following.
 */
export function followFrame(frame: HTMLIFrameElement, options: FollowFrameOptions): () => void {
  const { frameOrigin, onHere, onSilent, timeoutMs = 10_000 } = options;
  const view = frame.ownerDocument.defaultView!;
  let timer: ReturnType<typeof setTimeout> | undefined;
  let answered = false;
  const heard = (event: MessageEvent) => {
    const here = event.source === frame.contentWindow && event.origin === frameOrigin && readHere(event.data);
    if (!here) return;
    answered = true;
    if (!here.asked) onHere();
  };
  const loaded = () => {
    answered = false;
    clearTimeout(timer);
    frame.contentWindow?.postMessage({ ew: PING } satisfies Ping, frameOrigin);
    timer = setTimeout(() => {
      if (!answered) onSilent(new FrameLinkError('FRAME_NO_ANSWER', noAnswer(frame, frameOrigin, timeoutMs)));
    }, timeoutMs);
  };
  view.addEventListener('message', heard);
  frame.addEventListener('load', loaded);
  return () => {
    view.removeEventListener('message', heard);
    frame.removeEventListener('load', loaded);
    clearTimeout(timer);
  };
}

/**
 * The host's side: once the frame page is there (followFrame), the handshake, and the port once the frame
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
  // The parent asks at each of its iframe's loads whether this is the frame page: the answer says
  // only that, to the parent's origin, for the life of the document.
  const answer = (event: MessageEvent) => {
    if (event.source === view.parent && event.origin !== 'null' && readPing(event.data))
      view.parent.postMessage({ ew: HERE, asked: true } satisfies Here, event.origin);
  };
  view.addEventListener('message', listen);
  view.addEventListener('message', answer);
  // Said to any origin, since the parent's is not known yet: it carries nothing but the mark.
  if (view.parent !== view) view.parent.postMessage({ ew: HERE } satisfies Here, '*');
  return () => {
    view.removeEventListener('message', listen);
    view.removeEventListener('message', answer);
  };
}
