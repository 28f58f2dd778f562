/**
 * The built script-tag bundle in real partner pages, in the engine
 * `TEST_ENGINE` names (test/helpers/engine), against the sandbox through the
 * relay: a plain HTML page
 * signs in; under the strict CSP (with Trusted Types) sign-in and quote
 * approval run with zero violations; loading the bundle twice warns once and
 * breaks nothing. The bundle's text is checked for eval-like code too.
 */
import { expect } from 'chai';
import { readFile } from 'node:fs/promises';
import { describe, it } from 'node:test';
import { itNeeds } from '../helpers/harness/node.js';
import { testEngine, type Tab } from '../helpers/engine/index.js';
import { BUNDLE, newPageWallet, pageSuite, walletPageUrl } from '../helpers/page-server.js';
import { platform } from '../helpers/stack.js';

describe(`the script-tag bundle in partner pages (${testEngine()})`, () => {
  const suite = pageSuite();

  const newWallet = () => newPageWallet(suite.server);
  /** A new tab (on a device of its own) showing fixture `path` for `accountId`. */
  async function open(path: string, accountId: string): Promise<Tab> {
    const tab = await suite.newTab();
    await tab.goto(walletPageUrl(suite.server, path, accountId));
    return tab;
  }

  /** Email OTP as a user does it: the button, then the code typed from the keyboard. */
  async function signIn(tab: Tab) {
    await tab.click({ role: 'button', name: 'Email me a code' });
    await tab.type({ css: 'input[autocomplete="one-time-code"]' }, '000000'); // submits itself on the last digit
    await tab.waitFor({ role: 'button', name: 'Sign out' });
  }

  it('a plain HTML page with only the script tag and <ew-wallet> completes an email sign-in', async () => {
    const { accountId } = await newWallet();
    const tab = await open('/plain.html', accountId);
    expect(await tab.evaluate(() => typeof (window as any).EmbeddedWallet?.WalletClient)).to.equal('function');
    await tab.evaluate(() => {
      document
        .querySelector('ew-wallet')!
        .addEventListener('ew-signed-in', (e) => ((window as any).__signedIn = (e as CustomEvent).detail.method));
    });
    await signIn(tab);
    expect(await tab.evaluate(() => (window as any).__signedIn)).to.equal('EMAIL_OTP');
    expect(await tab.problems()).to.deep.equal([]);
  });

  it('a signed-out page fetches no view: each lazy file arrives when its view is first shown', async () => {
    const { accountId } = await newWallet();
    const tab = await open('/plain.html', accountId);
    /** The lazy files beside the bundle this document fetched, by name. */
    const fetched = async () =>
      (await tab.evaluate(() => performance.getEntriesByType('resource').map((entry) => new URL(entry.name).pathname)))
        .map((path) => /\/embedded-wallet-([a-z0-9-]+)\.js$/.exec(path)?.[1])
        .filter((name) => name && name !== 'elements');
    await tab.waitFor({ role: 'button', name: 'Email me a code' });
    const views = ['wallet-overview', 'sessions', 'credentials', 'account-settings', 'export-wallet'];
    for (const name of [...views, 'qr', 'strings-es', 'passkey', 'oauth'])
      expect(await fetched(), 'signed out').to.not.include(name);
    await signIn(tab);
    for (const name of views) expect(await fetched(), 'signed in, no section open').to.not.include(name);
    await tab.click({ css: 'summary', text: 'Signed-in devices' });
    await tab.waitFor({ text: 'This device' });
    expect(await fetched()).to.include('sessions');
    await tab.click({ css: 'summary', text: 'Recovery phrase' });
    await tab.waitFor({ role: 'button', name: 'Reveal recovery phrase' });
    expect(await fetched()).to.include('export-wallet');
    expect(await fetched()).to.not.include('account-settings');
    expect(await tab.problems()).to.deep.equal([]);
  });

  it('under the strict CSP with Trusted Types: sign-in and quote approval, zero violations', async () => {
    const { customerId, accountId } = await newWallet();
    await platform(suite.server.sandbox, 'POST', `/sandbox/internal-accounts/${accountId}/fund`, { amount: 50_000 });
    const external = await platform(suite.server.sandbox, 'POST', '/customers/external-accounts', {
      currency: 'USD',
      customerId,
      accountInfo: {
        accountType: 'USD_ACCOUNT',
        accountNumber: '4444000123',
        routingNumber: '021000021',
        beneficiary: { fullName: 'Pay Ee' },
      },
    });
    const quote = await platform(suite.server.sandbox, 'POST', '/quotes', {
      source: { accountId },
      destination: { accountId: external.body.id },
      lockedCurrencyAmount: 1_000,
    });
    const tab = await open('/csp/approve.html', accountId);
    const csp = await tab.evaluate(async () => (await fetch(location.href)).headers.get('content-security-policy'));
    expect(csp).to.include("require-trusted-types-for 'script'");
    await signIn(tab);

    // The host hands over the quote its backend created, and listens for the signature.
    await tab.evaluate((q) => {
      const approve = document.querySelector('ew-approve-quote') as HTMLElement & { quote: unknown };
      approve.quote = q;
      approve.addEventListener('ew-signature', (e) => ((window as any).__signature = (e as CustomEvent).detail));
    }, quote.body);
    await tab.click({ role: 'button', name: 'Approve' }); // waits for it to arm
    await tab.waitUntil('the ew-signature event', () => (window as any).__signature);
    const { signature: stamp, idempotencyKey } = await tab.evaluate(
      () => (window as any).__signature as { signature: string; idempotencyKey: string },
    );
    const executed = await platform(suite.server.sandbox, 'POST', `/quotes/${quote.body.id}/execute`, undefined, {
      'Service-Wallet-Signature': stamp,
      'Idempotency-Key': idempotencyKey,
    });
    expect(executed.status).to.equal(200);
    expect(await tab.problems()).to.deep.equal([]);
  });

  it('loading the bundle twice breaks nothing: the wallet still signs in', async () => {
    const { accountId } = await newWallet();
    const tab = await open('/twice.html', accountId);
    await signIn(tab);
    expect(await tab.problems()).to.deep.equal([]);
  });

  itNeeds(
    () => suite.engine.consoleFromLoad,
    'loading the bundle twice logs one warning naming the version already defined',
    async () => {
      const { accountId } = await newWallet();
      const tab = await open('/twice.html', accountId);
      await tab.waitFor({ role: 'button', name: 'Email me a code' });
      const ours = tab.warnings().filter((w) => w.includes('embedded-wallet-elements'));
      expect(ours).to.have.length(1);
      expect(ours[0]).to.match(/already defined by version \d+\.\d+\.\d+/);
    },
  );

  it('the bundle holds no eval-like code and its templates no style= attributes', async () => {
    const bundle = await readFile(BUNDLE, 'utf8');
    expect(bundle).not.to.match(/\beval\s*\(/);
    expect(bundle).not.to.match(/\bnew\s+Function\s*\(/);
    expect(bundle).not.to.match(/\bFunction\s*\(\s*["'`]/);
    expect(bundle).not.to.match(/set(Timeout|Interval)\s*\(\s*["'`]/);
    // Inline style attributes need 'unsafe-inline' under style-src 'self'; lit templates must not write them.
    expect(bundle).not.to.match(/<[a-z][^<>]*\sstyle=/i);
  });
});
