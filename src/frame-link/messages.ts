/**
 * The wire between an element on the host page and its frame (isolated mode):
 * a handshake posted to the frame's window with a `MessagePort`, then typed
 * messages on that port, one port per element. Data crosses by structured
 * clone (HTML's `postMessage`), so only plain data is sent: no functions, no
 * CSS text, no markup. Each side reads what it gets through validate.ts and
 * drops, and counts, anything else.
 */

/** The protocol version this build speaks; the handshake lists every version the host speaks. */
export const FRAME_PROTOCOL = 1;

/** What marks the handshake among the other messages a frame's window may get. */
export const HELLO = 'ew-frame-hello';

/**
 * What a frame page posts to its parent as its script starts, before its page has loaded: the host
 * sends its handshake then, rather than at the iframe's `load` (which waits for every file).
 */
export const HERE = 'ew-frame-here';

/** What the host posts to its iframe's document at each load: is the frame page there? (`Here`, `asked`, answers.) */
export const PING = 'ew-frame-ping';

/** Plain data as it crosses the channel: JSON's values and dates. */
export type Wire = null | boolean | number | string | Date | Wire[] | { [key: string]: Wire };

/** Posted to the frame's window (to the frame's origin only), with the element's port. */
export interface Hello {
  ew: typeof HELLO;
  /** The protocol versions the host speaks. */
  versions: number[];
  /** The element the frame should draw (`ew-wallet`, …). */
  tag: string;
}

/** What the host sends on the port: values and commands, never an action the user must take. */
export type HostMessage =
  /**
   * First, once: the attributes the element starts with and the host's locale, in one message, so
   * the frame makes its element (and the element its client) once, with all of them.
   */
  | { t: 'init'; attributes: Record<string, string>; locale?: string }
  /** Then, an attribute set (`value`) or removed (`null`), on the element or on one of its `child`ren. */
  | { t: 'attr'; name: string; value: string | null; child?: number }
  /** A property given as data (a child's `quote`), on the element or on one of its `child`ren. */
  | { t: 'data'; name: string; value: Wire; child?: number }
  /**
   * An element the host put inside this one (`<ew-approve-quote>` in `<ew-wallet>`), drawn in the
   * frame inside the frame's element: `child` is the host's number for it, unique on this port.
   */
  | { t: 'child'; child: number; tag: string; attributes: Record<string, string> }
  /** That child left the host's element. */
  | { t: 'unchild'; child: number }
  /** The locale the host's element resolved (its `lang`, its `locale`). */
  | { t: 'locale'; tag: string }
  /** The computed `--ew-*` theme values, as values (never CSS text). */
  | { t: 'theme'; values: Record<string, string> }
  /** A method call the host may make (`signOut`, `refreshBalance`); its answer is a `result`. */
  | { t: 'command'; id: number; name: string };

/** What the frame sends on the port. */
export type FrameMessage =
  /** The handshake's answer: the version chosen and the frame's package version. */
  | { t: 'welcome'; v: number; version: string }
  /** An `ew-*` event of the element in the frame (or of its `child`), re-dispatched on the host's one. */
  | { t: 'event'; name: string; detail: Wire; child?: number }
  /** The height the frame's content needs, in CSS pixels. */
  | { t: 'size'; height: number }
  /** Values the host's element reflects (whether a payment is pending, …). */
  | { t: 'state'; values: { [key: string]: Wire } }
  /** The answer to a `command`. */
  | { t: 'result'; id: number; ok: boolean; error?: { code: string; message: string } };

/** Posted to the parent's window, to any origin, as the frame page starts; and to a `Ping`, marked `asked`. */
export interface Here {
  ew: typeof HERE;
  asked?: true;
}

/** Posted by the host to the frame's origin: it carries nothing but the mark. */
export interface Ping {
  ew: typeof PING;
}

/** Posted to the parent's window (not on a port) when the frame refuses to serve it. */
export interface Refused {
  ew: 'ew-frame-refused';
  code: string;
}
