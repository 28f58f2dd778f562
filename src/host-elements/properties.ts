/**
 * The JavaScript properties of the host's elements in isolated mode: each
 * attribute of a row as a property (as in-page elements have them), a
 * refusing setter for what lives in the frame, and the properties a page set
 * before the element's class was defined, taken up when it is.
 */
import { EwErrorEvent } from '../elements/events/error.js';
import type { Surface } from '../frame-link/surface.js';

/** What cannot exist on the host page in isolated mode: the client, its transport and token provider live in the frame. */
export const REFUSED_PROPERTIES = ['client', 'transport', 'oidcTokenProvider'] as const;

/** The property of an attribute: `failure-reason` → `failureReason`. */
const propertyOf = (attribute: string) => attribute.replace(/-([a-z])/g, (_, c: string) => c.toUpperCase());

/** Each attribute of the row as a string property too (those HTMLElement has, `hidden`, stay its own). */
export function reflectAttributes(kind: CustomElementConstructor, surface: Surface): void {
  for (const attribute of surface.attributes) {
    const name = propertyOf(attribute);
    if (name in HTMLElement.prototype) continue;
    Object.defineProperty(kind.prototype, name, {
      get(this: HTMLElement) {
        return this.getAttribute(attribute) ?? undefined;
      },
      set(this: HTMLElement, value: unknown) {
        if (value === undefined || value === null) this.removeAttribute(attribute);
        else this.setAttribute(attribute, String(value));
      },
    });
  }
}

/** A setter for each property that lives in the frame: it says so (`ew-error`) and keeps nothing. */
export function refuseFrameProperties(kind: CustomElementConstructor, tag: string): void {
  for (const name of REFUSED_PROPERTIES)
    Object.defineProperty(kind.prototype, name, {
      get: () => undefined,
      set(this: HTMLElement, _value: unknown) {
        const message = `<${tag} frame>: \`${name}\` lives in the frame in isolated mode; configure the frame's frame.json instead`;
        console.error(`embedded-wallet-elements: ${message}`);
        this.dispatchEvent(new EwErrorEvent({ code: 'CONFIG_FRAME_REFUSED', message, operation: 'configure' }));
      },
    });
}

/**
 * A property the page set before the element's class was defined is the element's own and hides
 * the class's accessor: it is taken off and set again through the accessor (refused, forwarded).
 */
export function upgradeProperties(element: HTMLElement, surface: Surface): void {
  const names = [...(surface.data ?? []), ...surface.attributes.map(propertyOf), ...REFUSED_PROPERTIES];
  const own = element as unknown as Record<string, unknown>;
  for (const name of names)
    if (Object.hasOwn(element, name)) {
      const value = own[name];
      delete own[name];
      own[name] = value;
    }
}
