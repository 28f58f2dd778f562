/**
 * Isolated mode's set-up mistakes, said with their fix: a page whose own
 * Content-Security-Policy has no `frame-src` for the wallet's frame gets
 * `ew-load-error` `CONFIG_CSP_FRAME_SRC` as soon as the browser blocks it (not
 * a frame that never answers), and a `frame` URL that serves something else
 * than the frame page gets `FRAME_NO_ANSWER` naming what to check. A file of
 * its own: its page keeps the policy it adds.
 */
import { expect } from 'chai';
import { describe, it } from '#test-harness';
import { newWallet } from '../helpers/browser-stack.js';
import { waitFor } from '../helpers/dom.js';
import { FRAME_ORIGIN, isolatedWallet } from '../helpers/isolated-frame.js';

describe('isolated mode: set-up mistakes, named', () => {
  it('a frame URL that is not the frame page: FRAME_NO_ANSWER, naming the URL, the headers and frame.json to check', async () => {
    const el = document.createElement('ew-wallet');
    const heard: { code: string; message: string }[] = [];
    el.addEventListener('ew-load-error', (event) => heard.push(event.detail));
    // A page of the frame's origin that is not the frame page: it loads, and never answers.
    el.setAttribute('frame', new URL('/test/frame-link/fixtures/blank.html', FRAME_ORIGIN).href);
    document.body.append(el);
    await waitFor(() => heard.length > 0, 'the load error', 15_000);
    expect(heard[0]!.code).to.equal('FRAME_NO_ANSWER');
    expect(heard[0]!.message).to.include('/test/frame-link/fixtures/blank.html');
    expect(heard[0]!.message).to.include(`name this page's origin, ${location.origin}`);
    expect(heard[0]!.message).to.include(`frame-src ${FRAME_ORIGIN}`);
    el.remove();
  });

  it('this page’s CSP without frame-src for the frame: CONFIG_CSP_FRAME_SRC at once, with the directive to add', async () => {
    const policy = document.createElement('meta');
    policy.httpEquiv = 'Content-Security-Policy';
    policy.content = "frame-src 'self'";
    document.head.append(policy);
    const { el, heard } = await isolatedWallet(await newWallet());
    const started = performance.now();
    await waitFor(() => heard.length >= 2, 'the load error');
    expect(heard).to.deep.equal(['ew-load-error CONFIG_CSP_FRAME_SRC', 'ew-error CONFIG_CSP_FRAME_SRC']);
    // Said when the browser blocked it, not after the wait for an answer (10 s).
    expect(performance.now() - started).to.be.below(5_000);
    // And not again when the blocked load's wait runs out.
    await new Promise((r) => setTimeout(r, 10_500));
    expect(heard).to.have.length(2);
    el.remove();
  });
});
