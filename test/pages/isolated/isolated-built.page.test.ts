/**
 * Isolated mode as a partner ships it, from the build: the host page (its own
 * strict CSP, `frame-src` naming the frame) loads dist/browser/embedded-wallet-host.js;
 * the frame origin serves dist/frame/ with frameHeaders(), its frame.json and
 * the relay. Two origins of one server (`localhost` and `127.0.0.1`), in the
 * engine TEST_ENGINE names: the frame handshakes, draws the wallet under its
 * own CSP and Trusted Types, sizes itself, and says `ew-ready` on the host, with
 * no page problem; opened on its own, the frame page explains itself and draws
 * no wallet. (The sign-in inside the frame is driven by keyboard in
 * test/host-elements/isolated-wallet.browser.test.ts.)
 */
import { expect } from 'chai';
import { after, before, describe, it } from 'node:test';
import { launchEngine, testEngine, type Engine } from '../../helpers/engine/index.js';
import { isolatedSite, type IsolatedSite } from '../../helpers/isolated-site.js';

describe(`isolated mode from the build (${testEngine()})`, () => {
  let site: IsolatedSite;
  let engine: Engine;
  before(async () => {
    [site, engine] = await Promise.all([isolatedSite(), launchEngine()]);
  });
  after(async () => {
    await engine?.close();
    await site?.close();
  });

  it('the host script frames the wallet: handshake, ew-ready on the host, the frame sized, no page problem', async () => {
    const tab = await (await engine.newDevice()).newTab();
    await tab.goto(`${site.page}/`);
    await tab.waitUntil(
      'ew-ready from the frame',
      () => (window as unknown as { __heard: string[] }).__heard.length > 0,
      undefined,
      20_000,
    );
    expect(await tab.evaluate(() => (window as unknown as { __heard: string[] }).__heard)).to.deep.equal(['ew-ready']);
    await tab.waitUntil(
      'the frame sized to the wallet',
      () => document.querySelector('ew-wallet')!.getBoundingClientRect().height > 100,
    );
    // The host page holds no wallet: no client, no key storage of its own.
    expect(
      await tab.evaluate(async () => ({
        client: (document.querySelector('ew-wallet') as unknown as { client?: unknown }).client ?? null,
        databases: 'databases' in indexedDB ? (await indexedDB.databases()).length : 0,
      })),
    ).to.deep.equal({ client: null, databases: 0 });
    expect(await tab.problems()).to.deep.equal([]);
  });

  it('opened on its own, the frame page explains itself and draws no wallet', async () => {
    const tab = await (await engine.newDevice()).newTab();
    await tab.goto(`${site.frame}/wallet-frame/`);
    await tab.waitFor({ text: 'This page shows a wallet inside the app that uses it.' });
    expect(await tab.count({ css: 'ew-wallet' })).to.equal(0);
  });
});
