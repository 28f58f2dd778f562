/**
 * The elements the host put inside its element (`<ew-approve-quote>` in
 * `<ew-wallet>`), drawn in the frame inside the frame's element, so they take
 * its client and words as they would in-page. Each follows its own row of the
 * surface table (its attributes, its data, its events); its events go back
 * with its number, for the host to re-dispatch on its own child.
 */
import type { ConfirmElsewhere } from '../elements/approve-quote/confirm-elsewhere.js';
import type { FrameMessage, HostMessage } from '../frame-link/messages.js';
import type { LinkPort } from '../frame-link/port.js';
import type { Surface } from '../frame-link/surface.js';
import { wireDetail } from './wire-detail.js';

type ChildMessage = Extract<HostMessage, { t: 'child' | 'unchild' | 'attr' | 'data' }>;

/** Whether the host may set attribute `name` to `value` under `surface` (mount.ts's rule). */
export type AttributeRule = (surface: Surface, name: string, value: string | null) => boolean;

export class FrameChildren {
  readonly #children = new Map<number, { element: HTMLElement; surface: Surface }>();

  constructor(
    private readonly parent: HTMLElement,
    private readonly surface: Surface,
    private readonly link: LinkPort<FrameMessage>,
    private readonly allowed: AttributeRule,
    /** What the frame gives its approval: who asks (the handshake's origin) and its confirmation window. */
    private readonly approval: { embedderOrigin: string; confirmElsewhere: ConfirmElsewhere | undefined },
  ) {}

  /**
   * Whether `event` is one a child sends back itself, with its number: it bubbled up from a child
   * and is on the child's row. The parent does not send it again.
   */
  owns(event: Event): boolean {
    const child = [...this.#children.values()].find(({ element }) => element === event.target);
    return !!child && child.surface.events.includes(event.type);
  }

  /** Applies a host message about a child; false when the surface does not allow it (it is ignored). */
  apply(message: ChildMessage): boolean {
    if (message.t === 'child') return this.#add(message);
    const child = message.child === undefined ? undefined : this.#children.get(message.child);
    if (!child) return false;
    if (message.t === 'unchild') {
      child.element.remove();
      this.#children.delete(message.child!);
      return true;
    }
    if (message.t === 'attr') {
      if (!this.allowed(child.surface, message.name, message.value)) return false;
      if (message.value === null) child.element.removeAttribute(message.name);
      else child.element.setAttribute(message.name, message.value);
      return true;
    }
    // Data is a property the element checks as it would in-page (a quote against its own payload).
    if (!child.surface.data?.includes(message.name)) return false;
    const property = message.name.replace(/-([a-z])/g, (_, c: string) => c.toUpperCase());
    (child.element as unknown as Record<string, unknown>)[property] = message.value ?? undefined;
    return true;
  }

  #add({ child: number, tag, attributes }: Extract<ChildMessage, { t: 'child' }>): boolean {
    const surface = this.surface.children?.[tag];
    // One of each kind: two approval cards could show one card's payee beside the other's button.
    const twice = [...this.#children.values()].some(({ element }) => element.localName === tag);
    if (!surface || twice || this.#children.has(number)) return false;
    const element = this.parent.ownerDocument.createElement(tag);
    for (const [name, value] of Object.entries(attributes))
      if (this.allowed(surface, name, value)) element.setAttribute(name, value);
    Object.assign(element, this.approval);
    for (const name of surface.events)
      element.addEventListener(name, (event) => {
        const detail = wireDetail((event as CustomEvent).detail) ?? null;
        this.link.send({ t: 'event', name, detail, child: number });
      });
    this.#children.set(number, { element, surface });
    this.parent.append(element);
    return true;
  }
}
