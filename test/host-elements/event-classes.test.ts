/**
 * The host elements' table of event classes (src/host-elements/event-classes.ts)
 * holds every event class the elements export, and a class for every event
 * the surface table lets a frame send back: a new event cannot be missed there.
 */
import { expect } from 'chai';
import { describe, it } from '#test-harness';
import * as events from '../../src/elements/events/index.js';
import { SURFACES, type Surface } from '../../src/frame-link/surface.js';
import { EVENT_CLASSES } from '../../src/host-elements/event-classes.js';

describe('the host elements’ event classes', () => {
  it('hold every event class of the elements, by its name', () => {
    const exported = Object.values(events as Record<string, unknown>).filter(
      (value): value is { eventName: string } => typeof value === 'function' && 'eventName' in value,
    );
    expect([...EVENT_CLASSES.keys()].sort()).to.deep.equal(exported.map((kind) => kind.eventName).sort());
    for (const kind of exported) expect(EVENT_CLASSES.get(kind.eventName)).to.equal(kind);
  });

  it('have a class for every event a frame may send back', () => {
    const rows = (surface: Surface): Surface[] => [surface, ...Object.values(surface.children ?? {}).flatMap(rows)];
    for (const surface of Object.values(SURFACES).flatMap(rows))
      for (const name of surface.events) expect(EVENT_CLASSES.has(name), name).to.equal(true);
  });
});
