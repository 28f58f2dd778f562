/**
 * End-to-end journeys on the QA demo, as a user clicks them: `npm start`
 * spawned exactly as documented, the page in the system Chromium (Playwright)
 * with the built script-tag bundle, Chromium's virtual authenticator for
 * passkeys, under the strict CSP the demo always sends. Outcomes are checked
 * in the sandbox's own state through the demo backend, not only on screen.
 * Screenshots of each step go to test-results/e2e/.
 */
import { expect } from 'chai';
import { mkdir } from 'node:fs/promises';
import { after, before, describe, it } from 'node:test';
import type { Browser, BrowserContext, Page } from 'playwright';
import { startDemo, type RunningDemo } from '../helpers/demo-server.js';
import { VIRTUAL_AUTHENTICATOR } from '../harness/virtual-authenticator.js';
import { launchChromium } from '../helpers/page-server.js';

const SHOTS = 'test-results/e2e';
const TIMEOUT = 20_000;

describe('the QA demo, end to end', () => {
  let demo: RunningDemo;
  let browser: Browser;

  before(async () => {
    await mkdir(SHOTS, { recursive: true });
    demo = await startDemo();
    browser = await launchChromium();
  });
  after(async () => {
    await browser?.close();
    demo?.stop();
  });

  /** A page on the demo that records every console error, page error and CSP violation. */
  async function openDemo(context?: BrowserContext): Promise<{ page: Page; problems: string[] }> {
    const page = await (context ?? (await browser.newContext())).newPage();
    page.setDefaultTimeout(TIMEOUT);
    const problems: string[] = [];
    page.on('console', (m) => {
      if (m.type() === 'error') problems.push(`console.error: ${m.text()}`);
    });
    page.on('pageerror', (e) => problems.push(`uncaught: ${e.message}`));
    await page.goto(demo.url);
    await page.getByRole('button', { name: 'Email me a code' }).waitFor();
    return { page, problems };
  }

  async function shot(page: Page, name: string): Promise<void> {
    await page.screenshot({ path: `${SHOTS}/${name}.png`, fullPage: true });
  }

  async function backend<T = Record<string, unknown>>(method: string, path: string, body?: unknown): Promise<T> {
    const response = await fetch(new URL(`/demo-api${path}`, demo.url), {
      method,
      headers: { 'content-type': 'application/json' },
      ...(body ? { body: JSON.stringify(body) } : {}),
    });
    return (await response.json()) as T;
  }

  /** Sign up through the setup panel: a new customer with a wallet, selected for the wallet element. */
  async function signUp(page: Page, options: { phone?: string } = {}): Promise<string> {
    const email = `qa-${crypto.randomUUID().slice(0, 8)}@example.com`;
    await page.locator('#create-customer').getByLabel('Email').fill(email);
    if (options.phone) await page.locator('#create-customer').getByLabel('Phone (optional)').fill(options.phone);
    await page.getByRole('button', { name: 'Create customer with a wallet' }).click();
    await page.getByText(`Created ${email} with an embedded wallet.`).waitFor();
    return email;
  }

  async function typeCode(page: Page): Promise<void> {
    const code = page.locator('input[autocomplete="one-time-code"]');
    await code.waitFor();
    await code.pressSequentially('000000');
    await page.getByRole('button', { name: 'Sign out' }).waitFor();
  }

  async function emailSignIn(page: Page): Promise<void> {
    await page.getByRole('button', { name: 'Email me a code' }).click();
    await typeCode(page);
  }

  async function addVirtualAuthenticator(page: Page): Promise<void> {
    const cdp = await page.context().newCDPSession(page);
    await cdp.send('WebAuthn.enable');
    await cdp.send('WebAuthn.addVirtualAuthenticator', { options: VIRTUAL_AUTHENTICATOR });
  }

  /** Funds the wallet, adds an external account with `suffix`, quotes, approves; returns the quote id. */
  async function pay(page: Page, suffix: string, fund = true): Promise<string> {
    if (fund) {
      await page.getByRole('button', { name: 'Fund the wallet' }).click();
      await page.getByText(/^Funded \d+ cents\.$/).waitFor();
    }
    await page.locator('#suffixes').selectOption(suffix);
    await page.getByRole('button', { name: 'Add an external account' }).click();
    await page.getByText(new RegExp(`^Added external account …${suffix}`)).waitFor();
    await page.getByRole('button', { name: 'Create a quote' }).click();
    const created = await page.locator('#payment-status li').first().textContent();
    const quoteId = /Quote:[0-9a-f-]{36}/.exec(created ?? '')![0];
    const approve = page.getByRole('button', { name: 'Approve', exact: true });
    // It arms only after being in view for a moment, as a user would see it.
    await approve.scrollIntoViewIfNeeded();
    await page.waitForFunction(
      () =>
        document
          .querySelector('#approve')
          ?.shadowRoot?.querySelector('button[part~="submit"]')
          ?.hasAttribute('disabled') === false,
    );
    await approve.click();
    return quoteId;
  }

  async function finalStatus(page: Page, quoteId: string, expected: RegExp): Promise<string> {
    await page.locator('#payment-status li', { hasText: expected }).waitFor({ timeout: 30_000 });
    const quote = await backend<{ status: string; transaction?: { failureReason?: string } }>(
      'GET',
      `/quote?id=${encodeURIComponent(quoteId)}`,
    );
    const reason = quote.transaction?.failureReason;
    return reason ? `${quote.status} (${reason})` : quote.status;
  }

  it('`npm start` prints the URL, the relay and the seeded wallet; platform calls stay off the relay', async () => {
    expect(demo.output()).to.match(/relay: +http:\/\/localhost:\d+\/api\/ -> sandbox http:\/\/127\.0\.0\.1:\d+\//);
    expect(demo.output()).to.match(/wallet InternalAccount:[0-9a-f-]{36}/);
    const refused = await fetch(new URL('/api/customers', demo.url), { method: 'POST', body: '{}' });
    expect(refused.status).to.equal(404);
    const page = await fetch(demo.url);
    expect(page.headers.get('content-security-policy')).to.include("require-trusted-types-for 'script'");
  });

  it('sign up -> email OTP -> add passkey -> sign out -> passkey sign-in -> fund -> quote -> approve -> execute -> COMPLETED', async () => {
    const { page, problems } = await openDemo();
    await addVirtualAuthenticator(page);
    await signUp(page);
    await shot(page, 'journey-1-signed-up');
    await emailSignIn(page);
    await shot(page, 'journey-2-email-signed-in');

    await page.locator('summary', { hasText: 'Sign-in methods' }).click();
    await page.getByRole('button', { name: 'Add a passkey' }).click();
    await page.getByRole('button', { name: /^Remove Passkey/ }).waitFor();
    await shot(page, 'journey-3-passkey-added');
    await page.getByRole('button', { name: 'Sign out' }).click();
    await page.getByRole('button', { name: 'Sign in with a passkey' }).click();
    await page.getByRole('button', { name: 'Sign out' }).waitFor();
    expect(await page.locator('#log li', { hasText: '"method":"PASSKEY"' }).count()).to.equal(1);
    await shot(page, 'journey-4-passkey-signed-in');

    const quoteId = await pay(page, '000');
    expect(await finalStatus(page, quoteId, /COMPLETED/)).to.equal('COMPLETED');
    await shot(page, 'journey-5-completed');
    expect(problems).to.deep.equal([]);
  });

  it('SMS OTP: a customer with a phone signs in with a texted code', async () => {
    const { page, problems } = await openDemo();
    await signUp(page, { phone: `+1415555${String(Math.floor(Math.random() * 9000) + 1000)}` });
    await page.getByRole('button', { name: 'Text me a code' }).click();
    await page.getByText(/We sent a code to \+1 \*\*\*/).waitFor();
    await typeCode(page);
    expect(await page.locator('#log li', { hasText: '"method":"SMS_OTP"' }).count()).to.equal(1);
    await shot(page, 'sms-signed-in');
    expect(problems).to.deep.equal([]);
  });

  it("OAuth: link the test identity provider's account, sign out, continue with it", async () => {
    const { page, problems } = await openDemo();
    await signUp(page);
    await emailSignIn(page);
    await page.locator('summary', { hasText: 'Sign-in methods' }).click();
    await page.getByRole('button', { name: 'Link your account' }).click();
    await page.getByRole('button', { name: /^Remove Linked account/ }).waitFor();
    await page.getByRole('button', { name: 'Sign out' }).click();
    await page.getByRole('button', { name: 'Continue with the test identity provider' }).click();
    await page.getByRole('button', { name: 'Sign out' }).waitFor();
    expect(await page.locator('#log li', { hasText: '"method":"OAUTH"' }).count()).to.equal(1);
    await shot(page, 'oauth-signed-in');
    expect(problems).to.deep.equal([]);
  });

  it('each failing destination suffix ends in its failure, as the sandbox records it', async () => {
    const { page, problems } = await openDemo();
    await signUp(page);
    await emailSignIn(page);
    const expected: Record<string, string> = {
      '002': 'FAILED (EXECUTION_FAILED)',
      '004': 'FAILED (COUNTERPARTY_DELIVERY_FAILED)',
      '006': 'FAILED (USER_CANCELLED)',
      '007': 'FAILED (PAYOUT_AND_REFUND_FAILED)',
    };
    let first = true;
    for (const [suffix, outcome] of Object.entries(expected)) {
      const quoteId = await pay(page, suffix, first);
      first = false;
      expect(await finalStatus(page, quoteId, /FAILED/), suffix).to.equal(outcome);
      await shot(page, `magic-${suffix}`);
    }
    // 005 completes, then the receiving bank returns it: move the sandbox clock to see it.
    const returned = await pay(page, '005', false);
    await finalStatus(page, returned, /COMPLETED/);
    await page.getByRole('button', { name: 'Sandbox clock +1 minute' }).click();
    expect(await finalStatus(page, returned, /FAILED/)).to.equal('FAILED (RETURNED_BY_RECEIVING_BANK)');
    expect(problems).to.deep.equal([]);
  });

  it('a session signed out from another device: that device is signed out on its next call', async () => {
    const a = await openDemo();
    await signUp(a.page);
    await emailSignIn(a.page);
    const accountId = await a.page.locator('#wallet').getAttribute('account-id');
    const b = await openDemo(); // a second browser context: another device
    await b.page
      .locator('#customers')
      .selectOption({ label: (await a.page.locator('#customers option:checked').textContent())! });
    expect(await b.page.locator('#wallet').getAttribute('account-id')).to.equal(accountId);
    await emailSignIn(b.page);

    await a.page.locator('summary', { hasText: 'Signed-in devices' }).click();
    await a.page.getByRole('button', { name: 'Sign out device' }).click();
    await a.page.locator('#log li', { hasText: 'ew-session-revoked' }).waitFor();
    // Device B learns it on its next call: opening its device list.
    await b.page.locator('summary', { hasText: 'Signed-in devices' }).click();
    await b.page.getByRole('button', { name: 'Email me a code' }).waitFor();
    await shot(b.page, 'revoked-device-signed-out');
    const aStatus = await a.page.evaluate(() => (document.querySelector('#wallet') as any).client.state.status);
    expect(aStatus).to.equal('signed-in'); // A is still in
    expect([...a.problems, ...b.problems]).to.deep.equal([]);
  });

  it('sign-out in one tab signs out the other tab', async () => {
    const context = await browser.newContext();
    const one = await openDemo(context);
    await signUp(one.page);
    const label = (await one.page.locator('#customers option:checked').textContent())!;
    await emailSignIn(one.page);
    const two = await openDemo(context);
    await two.page.locator('#customers').selectOption({ label });
    await two.page.getByRole('button', { name: 'Sign out' }).waitFor(); // restored from IndexedDB
    await one.page.getByRole('button', { name: 'Sign out' }).click();
    await two.page.getByRole('button', { name: 'Email me a code' }).waitFor();
    expect([...one.problems, ...two.problems]).to.deep.equal([]);
  });

  it('"Expire the session now" signs the wallet out with cause expired', async () => {
    const { page, problems } = await openDemo();
    await signUp(page);
    await emailSignIn(page);
    await page.getByRole('button', { name: 'Expire the session now' }).click();
    await page.getByRole('button', { name: 'Email me a code' }).waitFor();
    expect(await page.locator('#log li', { hasText: /ew-signed-out .*"cause":"expired"/ }).count()).to.equal(1);
    expect(problems).to.deep.equal([]);
  });

  it('the ESM build switch (?build=esm) runs the same wallet', async () => {
    const context = await browser.newContext();
    const page = await context.newPage();
    page.setDefaultTimeout(TIMEOUT);
    await page.goto(new URL('/?build=esm', demo.url).href);
    await page.getByText('ESM (switch: remove ?build=esm)').waitFor();
    await page.getByRole('button', { name: 'Email me a code' }).waitFor(); // the page's script has wired the forms
    await signUp(page);
    await emailSignIn(page);
    expect(await page.evaluate(() => 'EmbeddedWallet' in window)).to.equal(false); // no script-tag global
    await context.close();
  });

  it('account settings: privacy and a contact change are signed by the session and applied', async () => {
    const { page, problems } = await openDemo();
    const email = await signUp(page);
    await emailSignIn(page);
    await page.getByLabel('Private wallet').check();
    await page.getByRole('button', { name: 'Save privacy' }).click();
    await page.getByText('Privacy on: done.').waitFor();
    const newEmail = email.replace('qa-', 'moved-');
    await page.locator('#contact').getByLabel('To').fill(newEmail);
    await page.getByRole('button', { name: 'Change contact' }).click();
    await page.getByText('Contact change: done.').waitFor();
    const customers = await backend<{ email: string }[]>('GET', '/customers');
    expect(customers.map((c) => c.email))
      .to.include(newEmail)
      .and.not.include(email);
    expect(await page.locator('#log li', { hasText: /\/internal-accounts\/\S+ -> 202/ }).count()).to.be.greaterThan(0);
    expect(problems).to.deep.equal([]);
  });

  it('a tampered OTP target bundle is refused before any code is sealed; the next try works', async () => {
    const { page, problems } = await openDemo();
    await signUp(page);
    await page.getByLabel('Tamper the next OTP target bundle').check();
    await page.getByRole('button', { name: 'Email me a code' }).click();
    await page.locator('#log li', { hasText: 'tampered the OTP target bundle' }).waitFor();
    const error = await page.locator('#log li', { hasText: 'ew-error' }).first().textContent();
    expect(error).to.match(/"code":"(BAD_BUNDLE_SIGNATURE|BUNDLE_[A-Z_]+|ENCLAVE_[A-Z_]+|INVALID_[A-Z_]+)"/);
    // Refused on arrival: no code field to type into, nothing sent to verify, a message shown.
    expect(await page.locator('input[autocomplete="one-time-code"]').count()).to.equal(0);
    expect(await page.locator('#log li', { hasText: '/verify' }).count()).to.equal(0);
    expect(await page.locator('#wallet').getByRole('alert').first().textContent()).to.include(
      'failed a security check, so nothing was sent',
    );
    await shot(page, 'tampered-bundle-refused');
    // The service did send a code, so asking again at once is rate-limited: move the clock past it.
    await page.getByRole('button', { name: 'Sandbox clock +1 minute' }).click();
    await page.getByText('The sandbox clock moved one minute ahead.').waitFor();
    await emailSignIn(page);
    // The error is the widget's own refusal, not a console error.
    expect(problems).to.deep.equal([]);
  });

  it('an injected 500 and a timeout are recovered by a retry, and the session survives', async () => {
    const { page, problems } = await openDemo();
    await signUp(page);
    await emailSignIn(page);
    for (const [switchName, code] of [
      ['Next wallet call fails (500)', 'INTERNAL_ERROR'],
      ['Next wallet call times out', 'TIMEOUT'],
    ] as const) {
      await page.getByRole('button', { name: switchName }).click();
      await page.getByText(/^Armed:/).waitFor();
      const errorsBefore = await page.locator('#log li', { hasText: 'ew-error' }).count();
      await page.getByRole('button', { name: 'Stay signed in' }).click();
      await page
        .locator('#log li', { hasText: `"code":"${code}"` })
        .first()
        .waitFor({ timeout: 15_000 })
        .catch(async () => {
          throw new Error(`no ${code}: ${(await page.locator('#log').innerText()).slice(0, 2500)}`);
        });
      expect(await page.locator('#log li', { hasText: 'ew-error' }).count()).to.be.greaterThan(errorsBefore);
      // Retry: the same button again; still signed in afterwards.
      const refreshed = page.locator('#log li', { hasText: /POST \/auth\/sessions\/\S+\/refresh -> 20[01] / });
      const refreshes = await refreshed.count();
      await page.getByRole('button', { name: 'Stay signed in' }).click();
      await refreshed
        .nth(refreshes)
        .waitFor({ timeout: 15_000 })
        .catch(async () => {
          throw new Error(
            `no successful refresh after ${code}: ${(await page.locator('#log').innerText()).slice(0, 2000)}`,
          );
        });
      expect(await page.getByRole('button', { name: 'Sign out' }).count()).to.equal(1);
    }
    await shot(page, 'faults-recovered');
    expect(
      problems.filter((p) => !/Failed to load resource: the server responded with a status of 500/.test(p)),
    ).to.deep.equal([]);
  });
});
