/**
 * The gallery's acceptance checks (acceptance.ts) in Firefox and WebKit, the
 * engines whose browser suites also run axe: the same states of the demo as the
 * gallery walks in Chromium (where it also takes the pictures), reached
 * through the engine driver as a user clicks, each checked in every variant
 * (light, dark, accent, Spanish; 1024 and 375 px) and at 320 px in English
 * and Spanish.
 *
 * The wallet's reads are held or failed by a stand-in for `fetch` installed in
 * the page (the elements call `fetch` when they send), as the gallery does with
 * Playwright's routes (WebKit's automation runs them, and the recorder of CSP
 * violations, only once a page has loaded). Colours are measured at rest (reduced motion where the
 * engine can be launched with it, then no transition running). WebKitGTK's
 * MiniBrowser has no window narrower than its toolbar (about 450 px): there a
 * narrower variant is checked at the narrowest width it reaches, and says so.
 */
import { expect } from 'chai';
import { mkdir, writeFile } from 'node:fs/promises';
import { after, before, describe, it } from 'node:test';
import { startDemo, type RunningDemo } from '../../helpers/demo-server.js';
import { launchEngine, testEngine, type Engine, type Query, type Tab } from '../../helpers/engine/index.js';
import {
  acceptanceProblems,
  approveArmed,
  NARROW,
  recordCspViolations,
  tally,
  VARIANTS,
  walletSettled,
  type InPage,
  type Variant,
} from './acceptance.js';

const ENGINE = testEngine();
const RESULTS = `test-results/gallery/${ENGINE}`;
/** Taller than the wallet in any state, as in the gallery: Approve never scrolls out of view. */
const HEIGHT = 2000;

/** What the page's stand-in for `fetch` does with the wallet's reads. */
interface ReadGate {
  hold: boolean;
  fail: boolean;
  held: (() => void)[];
}

/** An init script: the wallet's reads pass, wait (`hold`) or answer 503 (`fail`) as `window.__walletReads` says. */
function gateWalletReads(): void {
  const gate: ReadGate = { hold: false, fail: false, held: [] };
  (window as unknown as { __walletReads: ReadGate }).__walletReads = gate;
  const send = window.fetch.bind(window);
  window.fetch = (input: RequestInfo | URL, init?: RequestInit) => {
    const url = input instanceof Request ? input.url : String(input);
    if (!url.includes('/customers/internal-accounts')) return send(input, init);
    if (gate.fail) {
      const body = JSON.stringify({ status: 503, code: 'UNAVAILABLE', message: 'down' });
      return Promise.resolve(new Response(body, { status: 503, headers: { 'content-type': 'application/json' } }));
    }
    if (!gate.hold) return send(input, init);
    return new Promise<void>((resolve) => gate.held.push(resolve)).then(() => send(input, init));
  };
}

describe(`the gallery's acceptance checks in ${ENGINE}`, () => {
  if (ENGINE === 'chromium') {
    it('runs in Firefox and WebKit', { skip: 'the gallery runs them in Chromium, with its pictures' }, () => {});
    return;
  }
  let demo: RunningDemo;
  let engine: Engine;
  let tab: Tab;
  let inPage: InPage;
  const problems: string[] = [];
  const notes = new Set<string>();
  let checks = 0;

  before(async () => {
    await mkdir(RESULTS, { recursive: true });
    [demo, engine] = await Promise.all([startDemo(), launchEngine(ENGINE, { reducedMotion: true })]);
    tab = await (await engine.newDevice()).newTab();
    await tab.addInitScript(recordCspViolations, undefined);
    await tab.addInitScript(gateWalletReads, undefined);
    inPage = (fn, arg) => tab.evaluate(fn, arg);
    console.log(`gallery acceptance in ${engine.version}`);
  });
  after(async () => {
    await engine?.close();
    demo?.stop();
  });

  const inWallet = (query: Query): Query => ({ within: '#wallet', ...query });
  const button = (name: string): Query => inWallet({ role: 'button', name });
  const reads = (change: Partial<Pick<ReadGate, 'hold' | 'fail'>>) =>
    tab.evaluate((c) => {
      const gate = (window as unknown as { __walletReads: ReadGate }).__walletReads;
      Object.assign(gate, c);
      if (!gate.hold) gate.held.splice(0).forEach((resume) => resume());
    }, change);

  const armed = () => tab.waitUntil('Approve to arm', approveArmed);
  const settled = () => tab.waitUntil('the wallet to finish loading', walletSettled);

  /**
   * Until no colour is between two values. Firefox runs with reduced motion here, as the gallery's
   * Chromium does (headless, it left transitions pending at their old colours); WebKitGTK follows
   * the desktop's setting, so there a theme, accent or hover change still runs its transitions.
   * Each shadow root lists its own animations.
   */
  async function transitionsEnded(): Promise<void> {
    let running: string[] = [];
    for (const started = Date.now(); Date.now() - started < 10_000;) {
      running = await tab.evaluate(() => {
        const roots: (Document | ShadowRoot)[] = [document];
        for (let i = 0; i < roots.length; i++)
          for (const el of roots[i]!.querySelectorAll('*')) if (el.shadowRoot) roots.push(el.shadowRoot);
        return roots.flatMap((root) =>
          root
            .getAnimations()
            // WebKit keeps finished transitions in the list.
            .filter((a) => a instanceof CSSTransition && (a.playState === 'running' || a.pending))
            .map((a) => {
              const target = (a.effect as KeyframeEffect | null)?.target;
              return `${(a as CSSTransition).transitionProperty} of <${target?.localName}.${target?.className}> ${a.playState} at ${a.currentTime}`;
            }),
        );
      }, undefined);
      if (!running.length) return;
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    const state = await tab.evaluate(
      () => [document.visibilityState, document.hasFocus(), innerWidth, innerHeight, performance.now()],
      undefined,
    );
    throw new Error(`transitions still running after 10 s (${state.join()}): ${running.join('; ')}`);
  }

  /** Sets a variant through the demo's own switches (each changed only if it differs) and the viewport. */
  async function apply(variant: Variant): Promise<string> {
    const width = await tab.resize(variant.width, HEIGHT);
    await tab.evaluate(
      ({ theme, accent, locale }) => {
        // A loop, not a named helper: tsx would wrap a named function in a helper the page lacks.
        for (const [css, value, event] of [
          ['#theme', theme, 'change'],
          ['#accent', accent, 'input'],
          ['#locale', locale, 'change'],
        ]) {
          const control = document.querySelector<HTMLInputElement | HTMLSelectElement>(css!)!;
          if (control.value === value) continue;
          control.value = value!;
          control.dispatchEvent(new Event(event!, { bubbles: true }));
        }
      },
      { theme: variant.theme, accent: variant.accent ?? '#3b3fd8', locale: variant.locale },
    );
    await tab.waitUntil(`lang="${variant.locale}"`, (l) => document.documentElement.lang === l, variant.locale);
    // Approve arms once in view after each change of size or words: checked armed, as pictured.
    await tab.evaluate(() =>
      document
        .querySelector('#approve')
        ?.shadowRoot?.querySelector('[part~="submit"]')
        ?.scrollIntoView({ block: 'center' }),
    );
    await armed();
    if (width === variant.width) return '';
    // Only WebKitGTK's window floor (its toolbar, about 450 px) may stand in for a phone's width.
    if (ENGINE !== 'webkit' || variant.width > 375 || width > 600)
      throw new Error(`${variant.name}: the viewport is ${width} px, not ${variant.width}`);
    notes.add(`${variant.width} px checked at ${width} px: the narrowest viewport ${engine.version} reaches`);
    return ` (at ${width} px)`;
  }

  async function check(where: string, locale: 'en' | 'es', axe: boolean): Promise<void> {
    // Nothing hovered: a resize or a redraw can bring a button under the pointer the last click left.
    await tab.pointerAway();
    await armed();
    await transitionsEnded();
    checks++;
    for (const problem of await acceptanceProblems(inPage, locale, { axe })) problems.push(`${where}: ${problem}`);
  }

  /** Checks the state in every variant, axe included, and at 320 px in English and Spanish. */
  async function state(name: string, options: { loading?: true } = {}): Promise<void> {
    const narrow = VARIANTS.filter((v) => v.width === 375 && v.theme === '').map((v) => ({
      ...v,
      name: `${v.locale}-${NARROW}`,
      width: NARROW,
    }));
    for (const variant of [...VARIANTS, ...narrow]) {
      const at = await apply(variant);
      if (!options.loading) await settled();
      await check(`${name} ${variant.name}${at}`, variant.locale, variant.width !== NARROW);
    }
    await apply(VARIANTS[0]!);
    // One line a state: a slow engine's walk says it is alive (npm test stops a file silent for 3 minutes).
    console.log(`gallery acceptance (${ENGINE}): ${name} checked`);
  }

  it('walks sign-in, the signed-in wallet, its sections, a cross-currency approval and its receipts', async () => {
    await tab.goto(demo.url);
    await tab.fill({ within: '#create-customer', label: 'Email' }, 'gallery@example.com');
    await tab.fill({ within: '#create-customer', label: 'Phone (optional)' }, '+14155550142');
    await tab.click({ role: 'button', name: 'Create customer with a wallet' });
    await tab.waitFor({ text: 'Created gallery@example.com with an embedded wallet.' });
    await tab.waitFor(button('Email me a code'));
    await state('sign-in');

    await tab.click(button('Email me a code'));
    const code: Query = { css: 'input[autocomplete="one-time-code"]' };
    await tab.waitFor(code);
    await state('code-sent');
    await tab.fill(code, '111111');
    await tab.waitFor(inWallet({ role: 'alert' }));
    await state('wrong-code');

    await reads({ hold: true });
    await tab.fill(code, '000000');
    await tab.waitFor(button('Sign out'));
    await tab.waitFor({ within: 'ew-wallet-overview', css: '.skeleton' });
    await state('wallet-loading', { loading: true });
    await reads({ hold: false });
    // Seven variants can outlast the client's 8 s wait for the held read (WebKit's driver is slow): read again.
    await tab.click(button('Refresh'));
    await tab.waitFor(inWallet({ css: '[part~="balance"]', text: '$0.00' }));
    await state('signed-in');
    await tab.evaluate(() => document.querySelector('#wallet')!.setAttribute('appearance', 'plain'));
    await state('appearance-plain');
    await tab.evaluate(() => document.querySelector('#wallet')!.removeAttribute('appearance'));

    await tab.click(button('Show QR code'));
    await tab.waitFor(inWallet({ css: 'svg[part~="qr"]' }));
    await state('address-qr');
    await tab.click(button('Hide QR code'));

    const overviewError: Query = { within: 'ew-wallet-overview', css: '[part~="error"]' };
    await reads({ fail: true });
    await tab.click(button('Refresh'));
    await tab.waitFor(overviewError);
    await state('wallet-error');
    await reads({ fail: false });
    await tab.click(button('Refresh'));
    await tab.waitFor(overviewError, { gone: true });

    for (const [title, name] of [
      ['Signed-in devices', 'devices'],
      ['Sign-in methods', 'methods'],
      ['Account settings', 'account-settings'],
      ['Recovery phrase', 'recovery-phrase'],
    ] as const) {
      await tab.click(inWallet({ css: 'summary', text: title }));
      // A section whose first read outlasted the held reads above (the client waits 8 s) reads again.
      if (await tab.count(inWallet({ role: 'button', name: 'Try again' }))) {
        await tab.click(inWallet({ role: 'button', name: 'Try again' }));
        await tab.waitFor(inWallet({ role: 'button', name: 'Try again' }), { gone: true });
      }
      await state(`section-${name}`);
      await tab.click(inWallet({ css: 'summary', text: title }));
    }

    await tab.click({ role: 'button', name: 'Fund the wallet' });
    await tab.waitFor({ text: /^Funded \d+ cents\.$/ });
    await tab.select({ css: '#suffixes' }, { value: '000' });
    await tab.select({ css: '#account-currency' }, { value: 'MXN' });
    await tab.click({ role: 'button', name: 'Add an external account' });
    await tab.waitFor({ text: /^Added external account …000 in MXN/ });
    await tab.click({ role: 'button', name: 'Create a quote' });
    await tab.waitFor({ within: '#approve', role: 'button', name: 'Approve' });
    await tab.click(button('Refresh'));
    await tab.waitFor(inWallet({ css: '[part~="balance"]', text: '$500.00' }));
    await state('approve-quote');

    await tab.click({ within: '#approve', role: 'button', name: 'Approve' });
    await tab.waitFor({ within: '#approve', css: '[data-status="completed"]' }, { timeout: 30_000 });
    await tab.waitFor(inWallet({ css: '[part~="balance"]', text: '$490.00' }));
    await state('receipt-completed');
    for (const [status, failureReason] of [
      ['processing', undefined],
      ['failed', 'COUNTERPARTY_DELIVERY_FAILED'],
    ] as const) {
      await tab.evaluate(
        (set) => Object.assign(document.querySelector('#approve')!, set),
        failureReason ? { status, failureReason } : { status },
      );
      await tab.waitFor({ within: '#approve', css: `[data-status="${status}"]` });
      await state(`receipt-${status}`);
    }

    await tab.evaluate(() => {
      const el = document.querySelector('#approve') as HTMLElement & { quote?: Record<string, unknown> };
      el.quote = { ...el.quote, totalReceivingAmount: 1 };
    });
    await tab.waitFor({ within: '#approve', role: 'alert' });
    await state('approve-refused');
    await tab.evaluate(() => Object.assign(document.querySelector('#approve')!, { quote: undefined }));
    await tab.waitFor({ within: '#approve', text: 'No payment to approve yet.' });
    await state('approve-empty');

    console.log(
      `gallery acceptance (${ENGINE}): ${checks} checks measured ${tally.targets} targets, ${tally.amounts} amounts, ` +
        `${tally.times} times, ${tally.texts} texts${[...notes].map((n) => `; ${n}`).join('')}`,
    );
    expect(
      Object.values(tally).every((n) => n > 0),
      'the acceptance checks measured something',
    ).to.equal(true);
    await writeFile(`${RESULTS}/acceptance.txt`, problems.join('\n'));
    expect(problems, `the acceptance checks on every state: all in ${RESULTS}/acceptance.txt`).to.deep.equal([]);
  });
});
