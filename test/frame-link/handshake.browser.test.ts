/**
 * The frame channel's handshake (src/frame-link/handshake.ts) between this page
 * and a real cross-origin frame: the same test server under its other host
 * name (`localhost` and `127.0.0.1` are two origins). The frame answers only
 * its parent, only on its list, only once; a frame that does not answer, or
 * refuses, is a typed error for the host.
 */
import { expect } from 'chai';
import { afterEach, describe, it } from '#test-harness';
import type { FrameMessage } from '../../src/frame-link/messages.js';
import { followFrame, FrameLinkError, openHostLink } from '../../src/frame-link/handshake.js';
import { waitFor } from '../helpers/dom.js';

/** This server under its other host name: another origin. */
const other = new URL(location.href);
other.hostname = other.hostname === '127.0.0.1' ? 'localhost' : '127.0.0.1';
const FRAME_ORIGIN = other.origin;
const fixture = (name: string, allow: string[] = []) => {
  const url = new URL(`/test/frame-link/fixtures/${name}`, FRAME_ORIGIN);
  for (const origin of allow) url.searchParams.append('allow', origin);
  return url.href;
};

/** An iframe of `src` in `parent`'s document, once loaded. */
async function frameOf(src: string, parent: Element = document.body): Promise<HTMLIFrameElement> {
  const frame = parent.ownerDocument.createElement('iframe');
  frame.src = src;
  const loaded = new Promise((r) => frame.addEventListener('load', r, { once: true }));
  parent.append(frame);
  await loaded;
  return frame;
}

const failure = (promise: Promise<unknown>) =>
  promise.then(
    () => expect.fail('the link opened'),
    (error: unknown) => error,
  );

afterEach(() => document.querySelectorAll('iframe').forEach((frame) => frame.remove()));

describe('frame channel: the handshake with a cross-origin frame', () => {
  it('opens a port to a frame that lists this page; messages cross both ways, the frame knows our origin', async () => {
    const frame = await frameOf(fixture('frame.html', [location.origin]));
    const got: FrameMessage[] = [];
    const link = await openHostLink(frame, {
      frameOrigin: FRAME_ORIGIN,
      tag: 'ew-wallet',
      onMessage: (m) => got.push(m),
    });
    link.send({ t: 'attr', name: 'account-id', value: 'InternalAccount:1' });
    await waitFor(() => got.length === 1, 'the echo');
    expect(got[0]).to.deep.equal({
      t: 'event',
      name: 'ew-echo',
      detail: {
        got: { t: 'attr', name: 'account-id', value: 'InternalAccount:1' },
        tag: 'ew-wallet',
        origin: location.origin,
      },
    });
    link.close();
  });

  it('a frame whose list does not name this page refuses it, and says so', async () => {
    const frame = await frameOf(fixture('frame.html', ['https://shop.example']));
    const error = await failure(
      openHostLink(frame, { frameOrigin: FRAME_ORIGIN, tag: 'ew-wallet', onMessage: () => {} }),
    );
    expect(error).to.be.instanceOf(FrameLinkError);
    expect((error as FrameLinkError).code).to.equal('FRAME_PARENT_NOT_ALLOWED');
  });

  it('a page that is not a wallet frame does not answer: FRAME_NO_ANSWER once the wait is over', async () => {
    const frame = await frameOf(fixture('blank.html'));
    const error = await failure(
      openHostLink(frame, { frameOrigin: FRAME_ORIGIN, tag: 'ew-wallet', onMessage: () => {}, timeoutMs: 500 }),
    );
    expect((error as FrameLinkError).code).to.equal('FRAME_NO_ANSWER');
  });

  it('answers only its parent: a handshake from another window (here the top page) is ignored; the parent’s is taken, once', async () => {
    // The wallet frame inside a frame of this page's origin: that frame is its parent, this page is not.
    const middle = await frameOf('about:blank');
    const inner = await frameOf(fixture('frame.html', [location.origin]), middle.contentDocument!.body);
    const asTop = await failure(
      openHostLink(inner, { frameOrigin: FRAME_ORIGIN, tag: 'ew-wallet', onMessage: () => {}, timeoutMs: 500 }),
    );
    expect((asTop as FrameLinkError).code).to.equal('FRAME_NO_ANSWER');
    // The same call made by a script of the middle frame (its parent): the frame answers.
    const script = middle.contentDocument!.createElement('script');
    script.type = 'module';
    script.textContent = `import { openHostLink } from '${location.origin}/src/frame-link/handshake.ts';
      window.openHostLink = openHostLink;`;
    middle.contentDocument!.head.append(script);
    const open = await waitFor(
      () => (middle.contentWindow as unknown as { openHostLink?: typeof openHostLink }).openHostLink,
      'the handshake loaded in the middle frame',
    );
    const link = await open(inner, { frameOrigin: FRAME_ORIGIN, tag: 'ew-wallet', onMessage: () => {} });
    link.close();
    // One handshake per document: a second one, even from the parent, gets no answer.
    const again = await failure(
      open(inner, { frameOrigin: FRAME_ORIGIN, tag: 'ew-wallet', onMessage: () => {}, timeoutMs: 500 }),
    );
    expect((again as FrameLinkError).code).to.equal('FRAME_NO_ANSWER');
  });
});

describe('frame channel: following the documents of a frame', () => {
  /** An iframe of `src`, followed from before it loads: what it said and did, in order. */
  function followed(src: string, timeoutMs = 400) {
    const frame = document.createElement('iframe');
    const seen: string[] = [];
    frame.src = src;
    frame.addEventListener('load', () => seen.push('load'));
    const stop = followFrame(frame, {
      frameOrigin: FRAME_ORIGIN,
      timeoutMs,
      onHere: () => seen.push('here'),
      onSilent: (error) => seen.push(`silent ${error.code}`),
    });
    document.body.append(frame);
    return { frame, seen, stop };
  }
  const pause = (ms: number) => new Promise((r) => setTimeout(r, ms));

  it('the frame page says it is there as its script starts (before its load in Chromium and Firefox, just after it in WebKit)', async () => {
    const { seen, stop } = followed(fixture('frame.html', [location.origin]));
    await waitFor(() => seen.includes('load'), 'the load');
    await pause(600);
    expect([...seen].sort()).to.deep.equal(['here', 'load']);
    if (navigator.userAgent.includes('Chrome') || navigator.userAgent.includes('Firefox'))
      expect(seen).to.deep.equal(['here', 'load']);
    stop();
  });

  it('a document that loads and never says it is there: FRAME_NO_ANSWER once, after the wait', async () => {
    const { seen, stop } = followed(fixture('blank.html'));
    await waitFor(() => seen.length === 2, 'the silence');
    await pause(600);
    expect(seen).to.deep.equal(['load', 'silent FRAME_NO_ANSWER']);
    stop();
  });

  it('each new document is heard: a reload says it is there again; a page that replaces the frame page and is silent is said', async () => {
    const { frame, seen, stop } = followed(fixture('frame.html', [location.origin]));
    await waitFor(() => seen.includes('load'), 'the first load');
    frame.src = fixture('frame.html', [location.origin, 'https://shop.example']);
    await waitFor(() => seen.filter((s) => s === 'load').length === 2, 'the second load');
    await pause(600);
    expect([...seen.slice(0, 2)].sort()).to.deep.equal(['here', 'load']);
    expect([...seen.slice(2)].sort()).to.deep.equal(['here', 'load']);
    frame.src = fixture('blank.html');
    await waitFor(() => seen.length === 6, 'the silent page');
    expect(seen.slice(4)).to.deep.equal(['load', 'silent FRAME_NO_ANSWER']);
    stop();
  });

  it('another window saying it is there is not heard', async () => {
    const { seen, stop } = followed(fixture('blank.html'), 60_000);
    await waitFor(() => seen.includes('load'), 'the load');
    window.postMessage({ ew: 'ew-frame-here' }, '*');
    await pause(200);
    expect(seen).to.deep.equal(['load']);
    stop();
  });
});
