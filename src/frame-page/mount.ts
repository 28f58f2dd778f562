/**
 * The element a handshake asked for, drawn in the frame once the host's
 * `init` arrives: the frame's own attributes (its configuration) and those the
 * host may set (the surface table) together, so the element makes its client
 * once. Later attribute changes and commands follow the same table. Its
 * events go back on the port as plain data, and the page's height whenever it
 * changes, so the host can size the iframe to its content.
 */
import type { FrameMessage, HostMessage } from '../frame-link/messages.js';
import { linkPort, type LinkPort } from '../frame-link/port.js';
import { FRAME_OWNED, SURFACES, type Surface } from '../frame-link/surface.js';
import { readHostMessage } from '../frame-link/validate.js';
import type { FrameConfig } from './config.js';
import { THEME_TOKENS } from '../frame-link/theme-tokens.js';
import { windowConfirmer } from './approval-window/open-window.js';
import { FrameChildren } from './children.js';
import { equipElement, FRAME_WINDOWS } from './equip.js';
import { checkTheme } from './theme-check.js';
import { wireDetail } from './wire-detail.js';

/** Host values held to what in-page mode would accept sensibly: a poll of the relay no faster than every 10 s. */
const VALUE_CHECKS: Record<string, (value: string) => boolean> = {
  'balance-refresh-seconds': (value) => value === '0' || (/^[0-9]{1,6}$/.test(value) && Number(value) >= 10),
};
const owned: readonly string[] = FRAME_OWNED;

export interface Mounted {
  link: LinkPort<FrameMessage>;
  /** The element, once the host's `init` made it. */
  readonly element: HTMLElement | undefined;
  /** Host messages the surface table did not allow (the port counts the malformed ones). */
  readonly refused: number;
}

/** Whether the host may set attribute `name` to `value` on an element of `surface`. */
const allowed = (surface: Surface, name: string, value: string | null) =>
  surface.attributes.includes(name) &&
  !owned.includes(name) &&
  (value === null || VALUE_CHECKS[name]?.(value) !== false);

/**
 * Draws element `tag` for the page of `origin` (the handshake's), following the host's messages on
 * `port`, equipped by equip.ts. An approval in it confirms in a window where the configuration asks
 * for one; the pages of the frame's windows are `windows`.
 */
export function mountElement(
  doc: Document,
  config: FrameConfig,
  port: MessagePort,
  { tag, origin, windows = FRAME_WINDOWS }: { tag: string; origin: string; windows?: typeof FRAME_WINDOWS },
): Mounted {
  const surface = SURFACES[tag]!;
  let element: HTMLElement | undefined;
  let children: FrameChildren | undefined;
  let refused = 0;
  let followAttributes = () => {};
  const link = linkPort<HostMessage, FrameMessage>(port, readHostMessage, (message) => {
    if (message.t === 'init' && !element) {
      const view = doc.defaultView!;
      element = create(doc, surface, tag, link, (event) => !!children?.owns(event));
      followAttributes = equipElement(element, tag, view, config, windows);
      const confirmElsewhere = windowConfirmer(view, config.approvalWindow, origin, windows.approval);
      children = new FrameChildren(element, surface, link, allowed, { embedderOrigin: origin, confirmElsewhere });
      for (const [name, value] of Object.entries(message.attributes))
        if (allowed(surface, name, value)) element.setAttribute(name, value);
        else refused++;
      if (message.locale) doc.documentElement.lang = message.locale;
      followAttributes();
      doc.body.append(element);
    } else if (!element || !children || !apply(element, surface, message, link, children)) refused++;
    else if (message.t === 'attr' && message.child === undefined) followAttributes();
  });
  return {
    link,
    get element() {
      return element;
    },
    get refused() {
      return refused;
    },
  };
}

/**
 * The element with the frame's attributes, its events sent back from the start (those a child
 * sends itself aside: `childSends`), its height watched.
 */
function create(
  doc: Document,
  surface: Surface,
  tag: string,
  link: LinkPort<FrameMessage>,
  childSends: (event: Event) => boolean,
) {
  const element = doc.createElement(tag);
  // Listening before the element is in the page: an event it fires at once (ew-ready) is not missed.
  for (const name of surface.events)
    element.addEventListener(name, (event) => {
      if (childSends(event)) return;
      link.send({ t: 'event', name, detail: wireDetail((event as CustomEvent).detail) ?? null });
    });
  // The body is a block formatting context (run-frame.ts): its box holds every margin of the element.
  new ResizeObserver(() =>
    link.send({ t: 'size', height: Math.ceil(doc.body.getBoundingClientRect().height) }),
  ).observe(doc.body);
  return element;
}

/** Applies one later host message the surface allows; false when it does not (the message is ignored). */
function apply(
  element: HTMLElement,
  surface: Surface,
  message: HostMessage,
  link: LinkPort<FrameMessage>,
  children: FrameChildren,
): boolean {
  if (message.t === 'child' || message.t === 'unchild' || ('child' in message && message.child !== undefined))
    return children.apply(message as Parameters<FrameChildren['apply']>[0]);
  switch (message.t) {
    case 'attr':
      if (!allowed(surface, message.name, message.value)) return false;
      if (message.value === null) element.removeAttribute(message.name);
      else element.setAttribute(message.name, message.value);
      return true;
    case 'locale':
      element.ownerDocument.documentElement.lang = message.tag;
      return true;
    case 'command':
      run(element, surface, message, link);
      return surface.commands.includes(message.name);
    case 'theme':
      applyTheme(element, message.values, link);
      return true;
    default:
      // The element's own data is not taken: nothing it shows may come from it.
      return false;
  }
}

/**
 * The host's theme values that pass theme-check.ts, set on the element (its children inherit them);
 * those that do not are left at the frame's own, and said with `ew-error` CONFIG_THEME_REFUSED.
 */
function applyTheme(element: HTMLElement, values: Record<string, string>, link: LinkPort<FrameMessage>): void {
  const { apply, refused } = checkTheme(element.ownerDocument, values);
  for (const name of THEME_TOKENS.keys()) {
    if (name in apply) element.style.setProperty(name, apply[name]!);
    else element.style.removeProperty(name);
  }
  if (refused.length === 0) return;
  const message = `theme values not applied in the wallet's frame: ${refused.join('; ')}`;
  link.send({
    t: 'event',
    name: 'ew-error',
    detail: { code: 'CONFIG_THEME_REFUSED', message, operation: 'configure' },
  });
}

/** Runs a command the surface allows; every command is answered, a refused one with COMMAND_REFUSED. */
function run(
  element: HTMLElement,
  surface: Surface,
  message: { id: number; name: string },
  link: LinkPort<FrameMessage>,
) {
  const { id, name } = message;
  const method = surface.commands.includes(name) ? (element as unknown as Record<string, unknown>)[name] : undefined;
  if (typeof method !== 'function')
    return link.send({
      t: 'result',
      id,
      ok: false,
      error: { code: 'COMMAND_REFUSED', message: `${name} is not allowed` },
    });
  Promise.resolve()
    .then(() => (method as () => unknown).call(element))
    .then(
      () => link.send({ t: 'result', id, ok: true }),
      (error: unknown) => link.send({ t: 'result', id, ok: false, error: failure(error) }),
    );
}

/** An error as the channel carries it: a code of capitals, a short message, whatever was thrown. */
function failure(error: unknown): { code: string; message: string } {
  const { code, message } = (typeof error === 'object' && error !== null ? error : {}) as Record<string, unknown>;
  return {
    code: typeof code === 'string' && /^[A-Z][A-Z0-9_]{0,63}$/.test(code) ? code : 'UNKNOWN',
    message: typeof message === 'string' ? message.slice(0, 500) : 'The command failed',
  };
}
