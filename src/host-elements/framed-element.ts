/**
 * An element of the host page in isolated mode: it draws only an iframe of
 * the wallet's frame page (its `frame` attribute, on another origin), forwards
 * the attributes the surface table lets the host set, sizes the iframe to what
 * the frame draws, and re-dispatches the frame's events as the same typed
 * `ew-*` events. It holds no client, no key and no words of the wallet.
 */
import { EwErrorEvent, EwLoadErrorEvent } from '../elements/events/index.js';
import type { FrameMessage, HostMessage, Wire } from '../frame-link/messages.js';
import { followFrame, FrameLinkError, openHostLink } from '../frame-link/handshake.js';
import type { LinkPort } from '../frame-link/port.js';
import type { Surface } from '../frame-link/surface.js';
import { frameUrl } from './frame-url.js';
import { Commands } from './commands.js';
import { PageValues } from './page-values.js';
import { EVENT_CLASSES } from './event-classes.js';
import { upgradeProperties } from './properties.js';

/** Whether a CSP report's `blockedURI` (a URL, or only its origin) is on `url`'s origin. */
function sameOrigin(blockedURI: string, url: URL): boolean {
  return URL.canParse(blockedURI) && new URL(blockedURI).origin === url.origin;
}

/** The tallest the iframe is made, whatever the frame asks (a frame cannot take over the page). */
const MAX_HEIGHT = 10_000;
/** What a frame may use: passkeys, the clipboard (copy buttons) and WebOTP. */
const FRAME_ALLOW = 'publickey-credentials-get; publickey-credentials-create; clipboard-write; otp-credentials';

let sheet: CSSStyleSheet | undefined;
const styles = () => {
  if (sheet) return sheet;
  sheet = new CSSStyleSheet();
  sheet.replaceSync(':host { display: block } iframe { display: block; inline-size: 100%; border: 0 }');
  return sheet;
};

/** An element inside a framed one, drawn in its frame (framed-child.ts): what the parent needs of it. */
export interface ChildLink {
  /** Its number on the parent's port. */
  readonly childNumber: number;
  readonly tag: string;
  /** The attributes its row lets the host set, as they are now. */
  attributeValues(): Record<string, string>;
  /** The data it was given (`quote`), as plain data. */
  dataValues(): Record<string, Wire>;
}

/** What every isolated element does; `framedElement` (define-framed.ts) makes one class per tag. */
export class FramedElement extends HTMLElement {
  static tag = '';
  static surface: Surface = { attributes: [], commands: [], events: [] };
  readonly #tag = (this.constructor as typeof FramedElement).tag;
  readonly #surface = (this.constructor as typeof FramedElement).surface;
  #frame: HTMLIFrameElement | undefined;
  #link: LinkPort<HostMessage> | undefined;
  /** Which handshake is current: one begun for an earlier load of the frame is dropped when it ends. */
  #generation = 0;
  #stopWatchingPolicy = () => {};
  #stopFollowing = () => {};
  /** Whether the page's CSP blocked the frame: its loads are error pages, with no handshake to wait for. */
  #blocked = false;
  readonly #commands = new Commands(() => this.#link, `<${this.#tag}>`);
  /** The page's language and theme, passed on to the frame. */
  readonly #page = new PageValues(this, (message) => {
    this.#link?.send(message);
    return this.#link !== undefined;
  });
  /** The elements inside this one that are drawn in its frame, with the element each is. */
  readonly #children = new Map<ChildLink, Element>();

  connectedCallback(): void {
    upgradeProperties(this, this.#surface);
    this.#page.follow();
    if (this.#frame) return this.#follow(this.#frame);
    const url = frameUrl(this.getAttribute('frame'), this.ownerDocument, this.#tag);
    if (!(url instanceof URL)) return this.failed(url.code, url.message);
    const root = this.attachShadow({ mode: 'closed' });
    root.adoptedStyleSheets = [styles()];
    const frame = this.ownerDocument.createElement('iframe');
    frame.title = this.getAttribute('frame-title') ?? 'Wallet';
    frame.allow = FRAME_ALLOW;
    frame.src = url.href;
    this.#watchPagePolicy(url);
    this.#frame = frame;
    this.#follow(frame);
    root.append(frame);
  }

  /** Each document of the frame page (a reload, a navigation, the iframe moved) gets a new handshake. */
  #follow(frame: HTMLIFrameElement): void {
    this.#stopFollowing();
    const frameOrigin = new URL(frame.src).origin;
    this.#stopFollowing = followFrame(frame, {
      frameOrigin,
      onHere: () => this.#open(frame, frameOrigin),
      onSilent: (error) => {
        if (this.#blocked) return; // said already, with its fix
        this.#generation++;
        this.#link?.close();
        this.#link = undefined;
        this.#fail(error);
      },
    });
  }

  /**
   * The page's own CSP blocking the frame (`frame-src` without the frame's origin) is said at once,
   * with the fix, rather than as a frame that never answers.
   */
  #watchPagePolicy(url: URL): void {
    const doc = this.ownerDocument;
    const blocked = (event: SecurityPolicyViolationEvent) => {
      // A report-only policy (a CSP being rolled out) blocks nothing: the frame loads.
      if (event.disposition !== 'enforce') return;
      const directive = event.effectiveDirective || event.violatedDirective;
      if (!/^(frame|child|default)-src/.test(directive) || !sameOrigin(event.blockedURI, url)) return;
      doc.removeEventListener('securitypolicyviolation', blocked);
      // The load that follows (an error page) must not be taken for a frame that did not answer.
      this.#blocked = true;
      this.#generation++;
      this.#commands.cancel('CONFIG_CSP_FRAME_SRC');
      this.failed(
        'CONFIG_CSP_FRAME_SRC',
        `this page's Content-Security-Policy does not allow the wallet's frame: add "frame-src ${url.origin}"`,
      );
    };
    doc.addEventListener('securitypolicyviolation', blocked);
    // Once the frame answered or failed, the page's later violations are not its business.
    this.#stopWatchingPolicy = () => doc.removeEventListener('securitypolicyviolation', blocked);
  }

  /** Moved with `moveBefore()` (its iframe kept, not reloaded): the link goes on as it is. */
  connectedMoveCallback(): void {}

  disconnectedCallback(): void {
    this.#page.unfollow();
    this.#stopFollowing();
    // Removed (its iframe's document is gone with it): what was asked of it will not be answered.
    this.#generation++;
    this.#link?.close();
    this.#link = undefined;
    this.#commands.cancel('FRAME_CLOSED');
  }

  attributeChangedCallback(name: string, _old: string | null, value: string | null): void {
    this.#link?.send({ t: 'attr', name, value });
  }

  #open(frame: HTMLIFrameElement, frameOrigin: string): void {
    if (this.#blocked) return;
    const generation = ++this.#generation;
    this.#link?.close();
    this.#link = undefined;
    this.#commands.cancel('FRAME_RELOADED');
    const onMessage = (message: FrameMessage) => generation === this.#generation && this.#receive(message);
    openHostLink(frame, { frameOrigin, tag: this.#tag, onMessage }).then(
      (link) => {
        if (generation !== this.#generation) return link.close();
        this.#stopWatchingPolicy();
        this.#link = link;
        const attributes: Record<string, string> = {};
        for (const name of this.#surface.attributes) {
          const value = this.getAttribute(name);
          if (value !== null) attributes[name] = value;
        }
        const locale = this.#page.started();
        link.send(locale ? { t: 'init', attributes, locale } : { t: 'init', attributes });
        for (const child of this.#children.keys()) this.#sendChild(link, child);
        this.#commands.flush();
      },
      (error: unknown) => {
        if (generation !== this.#generation) return;
        this.#fail(error instanceof FrameLinkError ? error : new FrameLinkError('FRAME_NO_ANSWER', ''));
      },
    );
  }

  /** The frame cannot serve this page: what was asked of it is cancelled, and the page told the fix. */
  #fail({ code, message }: FrameLinkError): void {
    this.#stopWatchingPolicy();
    this.#commands.cancel(code);
    this.failed(code, message);
  }

  /** Calls command `name` of the surface row in the frame (define-framed.ts makes each a method). */
  command(name: string): Promise<void> {
    return this.#commands.run(name);
  }

  /**
   * A child joined (framed-child.ts): it is drawn in the frame once the frame is open, now if it is.
   * False when one of its kind is already in (the frame draws one of each), and nothing happens.
   */
  adopt(child: ChildLink, element: Element): boolean {
    if ([...this.#children.keys()].some((other) => other.tag === child.tag)) return false;
    this.#children.set(child, element);
    if (this.#link) this.#sendChild(this.#link, child);
    return true;
  }

  /** A child left: the frame removes its copy. */
  release(child: ChildLink): void {
    if (this.#children.delete(child)) this.#link?.send({ t: 'unchild', child: child.childNumber });
  }

  /** An attribute or data change of a child, sent if the frame is open (else its `init` carries it). */
  forChild(child: ChildLink, message: Extract<HostMessage, { t: 'attr' | 'data' }>): void {
    if (this.#children.has(child)) this.#link?.send({ ...message, child: child.childNumber });
  }

  #sendChild(link: LinkPort<HostMessage>, child: ChildLink): void {
    link.send({ t: 'child', child: child.childNumber, tag: child.tag, attributes: child.attributeValues() });
    for (const [name, value] of Object.entries(child.dataValues()))
      link.send({ t: 'data', name, value, child: child.childNumber });
  }

  #receive(message: FrameMessage): void {
    if (message.t === 'size') this.#frame!.style.blockSize = `${Math.min(MAX_HEIGHT, Math.ceil(message.height))}px`;
    else if (message.t === 'event') {
      const [child, element] = [...this.#children].find(([c]) => c.childNumber === message.child) ?? [];
      const row = message.child === undefined ? this.#surface : child && this.#surface.children?.[child.tag];
      const kind = row?.events.includes(message.name) ? EVENT_CLASSES.get(message.name) : undefined;
      if (kind) (element ?? this).dispatchEvent(new kind(message.detail as never));
    } else if (message.t === 'result') this.#commands.settle(message);
  }

  /** Says a setup or load problem as in-page mode does: the console, `ew-load-error` and `ew-error`. */
  protected failed(code: string, message: string): void {
    console.error(`embedded-wallet-elements: ${message}`);
    this.dispatchEvent(new EwLoadErrorEvent({ code, message, operation: 'load' }));
    this.dispatchEvent(new EwErrorEvent({ code, message, operation: 'load' }));
  }
}
