/**
 * One host-page class per element (framed-element.ts), following its row of
 * the surface table: the attributes it observes, its commands as methods, and
 * a refusing setter for each property that lives in the frame.
 */
import { EwErrorEvent } from '../elements/events/error.js';
import type { Surface } from '../frame-link/surface.js';
import { FramedElement, REFUSED_PROPERTIES } from './framed-element.js';

export function framedElement(tag: string, surface: Surface): CustomElementConstructor {
  const kind = class extends FramedElement {
    static override tag = tag;
    static override surface = surface;
    static observedAttributes = [...surface.attributes];
  };
  for (const name of surface.commands)
    Object.defineProperty(kind.prototype, name, {
      value(this: FramedElement) {
        return (this as unknown as { commands: { run(name: string): Promise<void> } }).commands.run(name);
      },
    });
  for (const name of REFUSED_PROPERTIES)
    Object.defineProperty(kind.prototype, name, {
      get: () => undefined,
      set(this: FramedElement, _value: unknown) {
        const message = `<${tag} frame>: \`${name}\` lives in the frame in isolated mode; configure the frame's frame.json instead`;
        console.error(`embedded-wallet-elements: ${message}`);
        this.dispatchEvent(new EwErrorEvent({ code: 'CONFIG_FRAME_REFUSED', message, operation: 'configure' }));
      },
    });
  return kind;
}
