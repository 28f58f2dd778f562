/**
 * One host-page class per element, following its row of the surface table:
 * the attributes it observes, its commands as methods, its data as
 * properties, and a refusing setter for each property that lives in the frame.
 * Framed elements draw an iframe (framed-element.ts); their children are drawn
 * in that frame (framed-child.ts).
 */
import type { Surface } from '../frame-link/surface.js';
import { FramedChild } from './framed-child.js';
import { FramedElement } from './framed-element.js';
import { reflectAttributes, refuseFrameProperties } from './properties.js';

export function framedElement(tag: string, surface: Surface): CustomElementConstructor {
  const kind = class extends FramedElement {
    static override tag = tag;
    static override surface = surface;
    static observedAttributes = [...surface.attributes];
  };
  for (const name of surface.commands)
    Object.defineProperty(kind.prototype, name, {
      value(this: FramedElement) {
        return this.command(name);
      },
    });
  reflectAttributes(kind, surface);
  refuseFrameProperties(kind, tag);
  return kind;
}

/** The class of `tag`, drawn in the frame of the nearest of `parents` around it. */
export function framedChild(tag: string, surface: Surface, parents: readonly string[]): CustomElementConstructor {
  const kind = class extends FramedChild {
    static override tag = tag;
    static override surface = surface;
    static override parents = parents;
    static observedAttributes = [...surface.attributes];
  };
  for (const name of surface.data ?? [])
    Object.defineProperty(kind.prototype, name, {
      get(this: FramedChild) {
        return this.getData(name);
      },
      set(this: FramedChild, value: unknown) {
        this.setData(name, value);
      },
    });
  reflectAttributes(kind, surface);
  refuseFrameProperties(kind, tag);
  return kind;
}
