/**
 * The built script-tag bundle in real partner pages, driven by Playwright in
 * the system Chromium against the sandbox through the relay: a plain HTML page
 * signs in; under the strict CSP (with Trusted Types) sign-in and quote
 * approval run with zero violations; loading the bundle twice warns once and
 * breaks nothing. The bundle's text is checked for eval-like code too.
 */
import { expect } from 'chai';
import { readFile } from 'node:fs/promises';
import { after, before, describe, it } from 'node:test';
import type { Browser, Page } from 'playwright';
import { platform } from '../helpers/stack.js';
import {
  BUNDLE,
  launchChromium,
  newPageWallet,
  startPageServer,
  walletPageUrl,
  watchPage,
  type PageServer,
} from '../helpers/page-server.js';

describe('the script-tag bundle in partner pages', () => {
  let server: PageServer;
  let browser: Browser;

  before(async () => {
    server = await startPageServer();
    browser = await launchChromium();
  });
  after(async () => {
    await browser?.close();
    await server?.close();
  });

  const newWallet = () => newPageWallet(server);
  const open = (page: Page, path: string, accountId: string) => page.goto(walletPageUrl(server, path, accountId));

  /** Email OTP as a user does it: the button, then the code typed from the keyboard. */
  async function signIn(page: Page) {
    await page.getByRole('button', { name: 'Email me a code' }).click();
    const code = page.locator('input[autocomplete="one-time-code"]');
    await code.waitFor();
    await code.pressSequentially('000000'); // submits itself on the last digit
    await page.getByRole('button', { name: 'Sign out' }).waitFor();
  }

  it('a plain HTML page with only the script tag and <ew-wallet> completes an email sign-in', async () => {
    const page = await browser.newPage();
    const { problems } = await watchPage(page);
    const { accountId } = await newWallet();
    await open(page, '/plain.html', accountId);
    expect(await page.evaluate(() => typeof (window as any).EmbeddedWallet?.WalletClient)).to.equal('function');
    const signedIn = page.evaluate(
      () =>
        new Promise<string>((resolve) =>
          document
            .querySelector('ew-wallet')!
            .addEventListener('ew-signed-in', (e) => resolve((e as CustomEvent).detail.method)),
        ),
    );
    await signIn(page);
    expect(await signedIn).to.equal('EMAIL_OTP');
    expect(problems).to.deep.equal([]);
    await page.close();
  });

  it('under the strict CSP with Trusted Types: sign-in and quote approval, zero violations', async () => {
    const page = await browser.newPage();
    const { problems } = await watchPage(page);
    const { customerId, accountId } = await newWallet();
    await platform(server.sandbox, 'POST', `/sandbox/internal-accounts/${accountId}/fund`, { amount: 50_000 });
    const external = await platform(server.sandbox, 'POST', '/customers/external-accounts', {
      currency: 'USD',
      customerId,
      accountInfo: {
        accountType: 'USD_ACCOUNT',
        accountNumber: '4444000123',
        routingNumber: '021000021',
        beneficiary: { fullName: 'Pay Ee' },
      },
    });
    const quote = await platform(server.sandbox, 'POST', '/quotes', {
      source: { accountId },
      destination: { accountId: external.body.id },
      lockedCurrencyAmount: 1_000,
    });
    await open(page, '/csp/approve.html', accountId);
    const csp = await page.evaluate(async () => (await fetch(location.href)).headers.get('content-security-policy'));
    expect(csp).to.include("require-trusted-types-for 'script'");
    await signIn(page);

    // The host hands over the quote its backend created, and waits for the signature.
    const signature = page.evaluate((q) => {
      const approve = document.querySelector('ew-approve-quote') as HTMLElement & { quote: unknown };
      approve.quote = q;
      return new Promise<{ signature: string; idempotencyKey: string }>((resolve) =>
        approve.addEventListener('ew-signature', (e) => resolve((e as CustomEvent).detail)),
      );
    }, quote.body);
    const approveButton = page.getByRole('button', { name: 'Approve', exact: true });
    await expect(approveButton.isEnabled({ timeout: 5_000 })).to.be.ok;
    await page.waitForFunction(() => {
      const approve = document.querySelector('ew-approve-quote')!;
      return approve.shadowRoot?.querySelector<HTMLButtonElement>('[part~="submit"]')?.disabled === false;
    });
    await approveButton.click();
    const { signature: stamp, idempotencyKey } = await signature;
    const executed = await platform(server.sandbox, 'POST', `/quotes/${quote.body.id}/execute`, undefined, {
      'Service-Wallet-Signature': stamp,
      'Idempotency-Key': idempotencyKey,
    });
    expect(executed.status).to.equal(200);
    expect(problems).to.deep.equal([]);
    await page.close();
  });

  it('loading the bundle twice logs one warning and the wallet still signs in', async () => {
    const page = await browser.newPage();
    const { problems, warnings } = await watchPage(page);
    const { accountId } = await newWallet();
    await open(page, '/twice.html', accountId);
    await signIn(page);
    const ours = warnings.filter((w) => w.includes('embedded-wallet-elements'));
    expect(ours).to.have.length(1);
    expect(ours[0]).to.match(/already defined by version \d+\.\d+\.\d+/);
    expect(problems).to.deep.equal([]);
    await page.close();
  });

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
