/**
 * The engine driver itself (test/helpers/engine), in the engine `TEST_ENGINE`
 * names, on a check page: it finds by accessible name through shadow roots
 * and clicks with real (trusted) input, refuses ambiguous, disabled and
 * covered targets with the reason, types key by key, and hears a page's
 * complaints (console.error, uncaught errors, CSP violations) after load in
 * every engine; otherwise the journeys' "no problems" checks could not fail.
 */
import { expect } from 'chai';
import { describe, it } from 'node:test';
import { testEngine, type Tab } from '../helpers/engine/index.js';
import { pageSuite } from '../helpers/page-server.js';

describe(`the engine driver (${testEngine()})`, () => {
  const suite = pageSuite();

  async function open(path = '/csp/driver.html'): Promise<Tab> {
    const tab = await suite.newTab();
    await tab.goto(`${suite.server.origin}${path}`);
    await tab.waitFor({ role: 'button', name: 'Deep action' });
    return tab;
  }
  const post = (tab: Tab, message: string) => tab.evaluate((m) => postMessage(m, '*'), message);

  it('clicks a button by its accessible name inside a shadow root, with trusted input', async () => {
    const tab = await open();
    await tab.click({ role: 'button', name: 'Deep action' });
    expect(await tab.text({ role: 'status' })).to.equal('deep click, trusted: true');
    await tab.type({ label: 'Code' }, '0011');
    expect(await tab.text({ role: 'status' })).to.equal('typed 0011'); // repeated keys each arrive
    expect(await tab.problems()).to.deep.equal([]);
  });

  it('refuses an ambiguous, a covered and a disabled target, saying why; clicks the disabled one once enabled', async () => {
    const tab = await open();
    const refusal = (query: Parameters<Tab['click']>[0]) =>
      tab.click(query, { timeout: 300 }).then(
        () => 'clicked',
        (error: Error) => error.message,
      );
    expect(await refusal({ role: 'button', name: 'Twin' })).to.match(/2 elements match/);
    expect(await refusal({ role: 'button', name: 'Covered' })).to.match(/is covered by <div>/);
    expect(await refusal({ role: 'button', name: 'Later' })).to.match(/is disabled/);
    expect(await refusal({ role: 'button', name: 'Nothing' })).to.match(/nothing matches/);
    await post(tab, 'enable');
    await tab.click({ role: 'button', name: 'Later' });
    await tab.click({ role: 'button', name: 'Twin', nth: 1 });
  });

  it('hears a console.error, an uncaught error and a CSP violation after load', async () => {
    const tab = await open();
    for (const message of ['console', 'throw', 'csp']) await post(tab, message);
    await new Promise((resolve) => setTimeout(resolve, 300));
    const problems = (await tab.problems()).join('\n');
    expect(problems).to.include('driver check: console.error');
    expect(problems).to.include('driver check: uncaught');
    expect(problems).to.match(/CSP violation: style-src/);
  });

  it('sizes the viewport, or says how narrow the window goes; moves the pointer off what it hovered', async () => {
    const tab = await open();
    expect(await tab.resize(1024, 800)).to.equal(1024);
    expect(await tab.evaluate(() => [innerWidth, innerHeight])).to.deep.equal([1024, 800]);
    const narrow = await tab.resize(375, 800);
    expect(narrow).to.equal(await tab.evaluate(() => innerWidth));
    // WebKitGTK's MiniBrowser stops at its toolbar's width; the others reach it exactly.
    if (testEngine() === 'webkit') expect(narrow).to.be.within(375, 600);
    else expect(narrow).to.equal(375);

    await tab.click({ role: 'button', name: 'Deep action' });
    const hovered = () =>
      tab.evaluate(() => {
        const host = [...document.querySelectorAll('*')].find((el) => el.shadowRoot?.querySelector('button'));
        return Boolean(host?.shadowRoot?.querySelector('button:hover'));
      });
    expect(await hovered()).to.equal(true);
    await tab.pointerAway();
    expect(await hovered()).to.equal(false);
  });
});
