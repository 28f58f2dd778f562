/**
 * An element of the host page inside a framed one (`<ew-approve-quote>` in
 * `<ew-wallet frame>`): it draws nothing itself. Its attributes and data (its
 * surface row) go to the parent's frame, which draws it inside the frame's
 * element; the frame's events for it are re-dispatched on it, so the host
 * listens where it would in-page. What would act for the user (`approve()`)
 * does not exist here: only a press in the frame approves.
 */
import { EwErrorEvent } from '../elements/events/error.js';
import type { Wire } from '../frame-link/messages.js';
import type { Surface } from '../frame-link/surface.js';
import { readWire } from '../frame-link/validate.js';
import { FramedElement, type ChildLink } from './framed-element.js';
import { upgradeProperties } from './properties.js';

let numbers = 0;

/** What every child element does; `framedChild` (define-framed.ts) makes one class per tag. */
export class FramedChild extends HTMLElement implements ChildLink {
  static tag = '';
  static surface: Surface = { attributes: [], commands: [], events: [] };
  /** The tags of the framed elements this one may sit in. */
  static parents: readonly string[] = [];
  readonly childNumber = ++numbers;
  readonly tag = (this.constructor as typeof FramedChild).tag;
  readonly #surface = (this.constructor as typeof FramedChild).surface;
  readonly #data = new Map<string, Wire>();
  #parent: FramedElement | undefined;

  constructor() {
    super();
    // Done on the receipt cleared the quote in the frame: a reloaded frame must not be given it again.
    this.addEventListener('ew-receipt-done', () => this.#data.delete('quote'));
  }

  connectedCallback(): void {
    upgradeProperties(this, this.#surface);
    const parents = (this.constructor as typeof FramedChild).parents;
    const parent = this.parentElement?.closest(parents.join(','));
    if (!(parent instanceof FramedElement))
      return this.#fail(
        'CONFIG_FRAME_CHILD_OUTSIDE',
        `<${this.tag}> is drawn in the wallet's frame in isolated mode: put it inside <${parents.join('> or <')} frame>`,
      );
    if (!parent.adopt(this, this))
      return this.#fail(
        'CONFIG_FRAME_CHILD_TWICE',
        `one <${this.tag}> per <${parent.localName} frame>: remove the other first`,
      );
    this.#parent = parent;
  }

  disconnectedCallback(): void {
    this.#parent?.release(this);
    this.#parent = undefined;
  }

  attributeChangedCallback(name: string, _old: string | null, value: string | null): void {
    this.#parent?.forChild(this, { t: 'attr', name, value });
  }

  attributeValues(): Record<string, string> {
    const out: Record<string, string> = {};
    for (const name of this.#surface.attributes) {
      const value = this.getAttribute(name);
      if (value !== null) out[name] = value;
    }
    return out;
  }

  dataValues(): Record<string, Wire> {
    return Object.fromEntries(this.#data);
  }

  /** @internal The setter of a data property (define-framed.ts): plain data only, read as the frame will. */
  setData(name: string, value: unknown): void {
    const wire = value === undefined ? null : readWire(value);
    if (wire === undefined)
      return this.#fail('CONFIG_FRAME_DATA_INVALID', `<${this.tag}>.${name} must be plain data (JSON values)`);
    this.#data.set(name, wire);
    this.#parent?.forChild(this, { t: 'data', name, value: wire });
  }

  getData(name: string): Wire | undefined {
    return this.#data.get(name) ?? undefined;
  }

  #fail(code: string, message: string): void {
    console.error(`embedded-wallet-elements: ${message}`);
    this.dispatchEvent(new EwErrorEvent({ code, message, operation: 'configure' }));
  }
}
