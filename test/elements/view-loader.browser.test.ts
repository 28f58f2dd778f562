/**
 * How `<ew-wallet>` asks for a view's file (wallet/view-loader.ts): once while it
 * loads, and after a failure, said once and asked for again no sooner than the
 * retry delay, however often the wallet redraws meanwhile (a redraw asks for the
 * view it shows, and a failure redraws: without the delay, that is a loop).
 */
import { expect } from 'chai';
import { describe, it } from '#test-harness';
import { SIGNED_IN_VIEW, viewLoader } from '../../src/elements/wallet/view-loader.js';
import { waitFor } from '../helpers/dom.js';

const frame = () => new Promise((r) => requestAnimationFrame(r));

describe("<ew-wallet>'s view loader", () => {
  it('a file that did not load is said once and asked for again only after the delay, however often the wallet redraws', async () => {
    const asked: string[] = [];
    const errors: unknown[] = [];
    const retryAfterMs = 400;
    const loadView = viewLoader(
      (error) => errors.push(error),
      () => {},
      {
        load: async (tag) => {
          asked.push(tag);
          throw new TypeError('Failed to fetch dynamically imported module');
        },
        retryAfterMs,
      },
    );
    const started = performance.now();
    loadView('ew-sessions');
    await waitFor(() => errors.length === 1, 'the failure said');
    // Redraws every frame, each asking for the view it shows, well within the delay.
    while (performance.now() - started < retryAfterMs / 2) {
      loadView('ew-sessions');
      await frame();
    }
    expect(asked).to.deep.equal(['ew-sessions']);
    expect(errors).to.have.length(1);
    await new Promise((r) => setTimeout(r, retryAfterMs));
    loadView('ew-sessions');
    await waitFor(() => errors.length === 2, 'the second failure said');
    expect(asked).to.deep.equal(['ew-sessions', 'ew-sessions']);
  });

  it('a file that loads is asked for once; the signed-in view redraws the wallet when it arrives', async () => {
    const asked: string[] = [];
    let redrawn = 0;
    const loadView = viewLoader(
      () => expect.fail('no error'),
      () => redrawn++,
      { load: async (tag) => void asked.push(tag) },
    );
    for (let i = 0; i < 5; i++) {
      loadView(SIGNED_IN_VIEW);
      loadView('ew-sessions');
      await frame();
    }
    expect(asked).to.deep.equal([SIGNED_IN_VIEW, 'ew-sessions']);
    expect(redrawn).to.equal(1);
  });
});
