/**
 * `<ew-approve-quote>` against quote attacks (docs/security.md, "What is defended"), with real clicks
 * in Chromium against the sandbox through the relay. The quote reaches the
 * element as the host page's property, so a tampering backend or relay is
 * simulated by editing that JSON (or re-encoding its payload). Each attack
 * ends with nothing signed: no `ew-signature`, no WebCrypto signature at all
 * (a spy on `SubtleCrypto.prototype.sign`) and the sandbox quote still
 * PENDING. What a good quote shows is checked against its payload, read here
 * independently of the client's code.
 */
import { expect } from 'chai';
import { afterEach, describe, it } from '#test-harness';
import type { WalletClient } from '../../src/client/index.js';
import type { EwApproveQuote } from '../../src/elements/index.js';
import type { Quote } from '../../src/protocol/index.js';
import { emailSignIn, makeClient, newWallet, platform, quoteFor, type TestWallet } from '../helpers/browser-stack.js';
import { click, deepQueryAll, sendMouse, waitFor } from '../helpers/dom.js';
import '../helpers/elements.js'; // registers the elements

const payloadOf = (quote: Quote) => quote.paymentInstructions![0]!.accountOrWalletInfo!.payloadToSign!;

/** The commitment inside a quote's payload: hex -> UTF-8 -> JSON (the sandbox's format, docs/sandbox.md). */
function commitmentOf(quote: Quote): Record<string, any> {
  const hex: string = JSON.parse(payloadOf(quote)).parameters.unsignedTransaction;
  const bytes = new Uint8Array(hex.match(/../g)!.map((b) => parseInt(b, 16)));
  return JSON.parse(new TextDecoder().decode(bytes));
}

/** A copy of `quote` whose payload's `unsignedTransaction` is `hex` (a forged payload: the sandbox would refuse its stamp). */
function withUnsignedTransaction(quote: Quote, hex: string): Quote {
  const activity = JSON.parse(payloadOf(quote));
  activity.parameters.unsignedTransaction = hex;
  const copy = structuredClone(quote);
  copy.paymentInstructions![0]!.accountOrWalletInfo!.payloadToSign = JSON.stringify(activity);
  return copy;
}

/** A copy of `quote` whose payload commits to `edits` over its real commitment, re-encoded as the sandbox would. */
function withCommitment(quote: Quote, edits: Record<string, unknown>): Quote {
  const json = JSON.stringify({ ...commitmentOf(quote), ...edits });
  const hex = Array.from(new TextEncoder().encode(json), (b) => b.toString(16).padStart(2, '0')).join('');
  return withUnsignedTransaction(quote, hex);
}

/** A copy of `quote` edited as a tampering backend would. */
function tampered(quote: Quote, edit: (q: Quote) => void): Quote {
  const copy = structuredClone(quote);
  edit(copy);
  return copy;
}

let cleanup: (() => void)[] = [];
afterEach(() => {
  cleanup.forEach((fn) => fn());
  cleanup = [];
  document.querySelectorAll('ew-approve-quote').forEach((el) => el.remove());
});

interface Page {
  wallet: TestWallet;
  client: WalletClient;
  approve: EwApproveQuote;
  signatures: CustomEvent[];
  errors: CustomEvent[];
  /** Calls of `crypto.subtle.sign` since the page was set up: every stamp makes one. */
  signCalls: () => number;
}

/** A signed-in wallet and an `<ew-approve-quote>` on the page, with every signature and error recorded. */
async function approvalPage(attributes: Record<string, string> = {}): Promise<Page> {
  const wallet = await newWallet();
  const client = await makeClient(wallet);
  await emailSignIn(client, wallet);
  const approve = document.createElement('ew-approve-quote') as EwApproveQuote;
  for (const [name, value] of Object.entries(attributes)) approve.setAttribute(name, value);
  approve.client = client;
  const signatures: CustomEvent[] = [];
  const errors: CustomEvent[] = [];
  approve.addEventListener('ew-signature', (e) => signatures.push(e));
  approve.addEventListener('ew-error', (e) => errors.push(e));
  document.body.append(approve);
  const sign = SubtleCrypto.prototype.sign;
  let calls = 0;
  SubtleCrypto.prototype.sign = function (this: SubtleCrypto, ...args: Parameters<SubtleCrypto['sign']>) {
    calls++;
    return sign.apply(this, args);
  };
  cleanup.push(
    () => (SubtleCrypto.prototype.sign = sign),
    () => client.close(),
  );
  return { wallet, client, approve, signatures, errors, signCalls: () => calls };
}

const submitButton = (approve: Element) => deepQueryAll<HTMLButtonElement>('[part~="submit"]', approve)[0];
/** The destination as shown: the whole committed account id, on screen (not only on hover). */
function expectAccount(approve: Element, accountId: string): void {
  const account = deepQueryAll<HTMLElement>('[part~="account"]', approve)[0]!;
  expect(account.innerText.replace(/\s/g, '')).to.equal(accountId);
}

const partText = (approve: Element, part: string) =>
  deepQueryAll(`[part~="${part}"]`, approve)
    .map((p) => p.textContent ?? '')
    .join(' ');

/**
 * Shows `quote` and expects it refused at once naming `field`: the error on
 * screen and in `ew-error`, no summary and no button. The user then clicks
 * the message where they would look for "Approve", with the real mouse.
 */
async function expectRefused(page: Page, quote: Quote, field: string): Promise<void> {
  const before = page.errors.length;
  page.approve.quote = quote;
  const error = await waitFor(() => deepQueryAll('[part~="error"]', page.approve)[0], `the refusal of ${field}`);
  expect(error.textContent).to.include(`(${field})`);
  expect(error.textContent).to.include('Nothing was signed');
  const refusal = page.errors.slice(before).at(-1)!;
  expect(refusal.detail).to.include({ code: 'QUOTE_NOT_SIGNABLE', field, operation: 'approveQuote' });
  expect(submitButton(page.approve)).to.equal(undefined);
  expect(deepQueryAll('[part~="summary"]', page.approve)).to.have.length(0);
  await click(error);
}

/** Nothing was signed: no event, no WebCrypto signature, and each sandbox quote still waiting to be executed. */
async function expectNothingSigned(page: Page, ...quotes: Quote[]): Promise<void> {
  await new Promise((r) => setTimeout(r, 300)); // a stamp follows a click within milliseconds
  expect(page.signatures).to.deep.equal([]);
  expect(page.signCalls()).to.equal(0);
  for (const quote of quotes) {
    expect((await platform('GET', `/quotes/${quote.id}`)).body.status).to.equal('PENDING');
  }
}

describe('<ew-approve-quote> against tampered quotes (real clicks, nothing signed)', () => {
  it('a good quote shows exactly what its payload commits to, the label next to the account, and approves', async () => {
    const page = await approvalPage({ 'destination-label': "Alex's checking ••0123" });
    const quote = await quoteFor(page.wallet, 1_000);
    page.approve.quote = quote;
    const committed = commitmentOf(quote);
    expect(committed).to.deep.include({
      quoteId: quote.id,
      sourceAccountId: page.wallet.accountId,
      destinationAccountId: quote.destination.accountId,
      sendingAmount: 1_000,
      sendingCurrency: { code: 'USD', decimals: 2 },
      receivingAmount: 950,
      receivingCurrency: { code: 'USD', decimals: 2 },
      fees: 50,
      exchangeRate: 1,
      expiresAt: quote.expiresAt,
    });
    const rows = await waitFor(() => {
      const found = deepQueryAll('[part~="summary"] dd', page.approve);
      return found.length ? found : undefined;
    }, 'the summary');
    const text = rows.map((dd) => dd.textContent!.replace(/\s+/g, ' ').trim());
    // A receipt's order: what leaves, its fees, then what arrives (one currency: no "1 USD = 1 USD" rate).
    expect(text).to.deep.equal(['$10.00', '$0.50', '$9.50']);
    expect(partText(page.approve, 'destination-label')).to.equal("Alex's checking ••0123");
    expectAccount(page.approve, committed['destinationAccountId'] as string);
    expect(partText(page.approve, 'warning')).to.equal('');

    const button = await waitFor(() => submitButton(page.approve), 'the approve button');
    await click(button);
    await waitFor(() => page.signatures.length === 1, 'the signature');
    const { signature, idempotencyKey, quoteId } = page.signatures[0]!.detail;
    expect(quoteId).to.equal(quote.id);
    const executed = await platform('POST', `/quotes/${quote.id}/execute`, undefined, {
      'Service-Wallet-Signature': signature,
      'Idempotency-Key': idempotencyKey,
    });
    expect(executed.status).to.equal(200);
  });

  it('decimals lookalike: 50,000 cents with sendingCurrency.decimals 4 ("$5.0000") is refused', async () => {
    const page = await approvalPage();
    const quote = await quoteFor(page.wallet, 50_000);
    await expectRefused(
      page,
      tampered(quote, (q) => (q.sendingCurrency.decimals = 4)),
      'sendingCurrency.decimals',
    );
    expect(page.approve.shadowRoot!.textContent).to.not.include('5.0000');
    // The payload re-encoded to agree with the lookalike: the quote still says 2 decimals.
    await expectRefused(
      page,
      withCommitment(quote, { sendingCurrency: { code: 'USD', decimals: 4 } }),
      'sendingCurrency.decimals',
    );
    await expectNothingSigned(page, quote);
  });

  it("swapped destination: a quote naming a friend's account while the payload pays another is refused", async () => {
    const page = await approvalPage({ 'destination-label': "Alex's checking ••0123" });
    const quote = await quoteFor(page.wallet); // pays an account the attacker chose
    const friend = (await quoteFor(page.wallet)).destination.accountId;
    await expectRefused(
      page,
      tampered(quote, (q) => (q.destination.accountId = friend)),
      'destination.accountId',
    );
    // And the other way: the quote names the friend, the forged payload pays the attacker.
    const friendQuote = await quoteFor(page.wallet);
    await expectRefused(
      page,
      withCommitment(friendQuote, { destinationAccountId: quote.destination.accountId }),
      'destination.accountId',
    );
    expect(page.approve.shadowRoot!.textContent).to.not.include("Alex's checking");
    await expectNothingSigned(page, quote, friendQuote);
  });

  it('stale display: a new quote disarms the button; one that fails to verify or to render leaves no button, and a click where it was signs nothing', async () => {
    const page = await approvalPage();
    const first = await quoteFor(page.wallet);
    const second = await quoteFor(page.wallet, 2_000);
    page.approve.quote = first;
    const button = await waitFor(() => submitButton(page.approve), 'the approve button');
    await waitFor(() => button.getAttribute('aria-disabled') === 'false', 'armed');

    page.approve.quote = second;
    await page.approve.updateComplete;
    expect(submitButton(page.approve)!.getAttribute('aria-disabled')).to.equal('true'); // disarmed at once
    expect(partText(page.approve, 'summary')).to.include('$20.00');
    await waitFor(() => submitButton(page.approve)!.getAttribute('aria-disabled') === 'false', 're-armed');

    // decimals 400 used to throw in rendering and leave the previous quote armed on screen.
    const box = submitButton(page.approve)!.getBoundingClientRect();
    const where: [number, number] = [Math.round(box.x + box.width / 2), Math.round(box.y + box.height / 2)];
    page.approve.quote = tampered(first, (q) => (q.sendingCurrency.decimals = 400));
    await page.approve.updateComplete;
    expect(submitButton(page.approve)).to.equal(undefined);
    expect(partText(page.approve, 'error')).to.include('(sendingCurrency.decimals)');
    await sendMouse({ type: 'click', position: where });

    // A render that throws (a host string function failing) leaves no button either.
    page.approve.quote = second;
    await waitFor(() => submitButton(page.approve), 'the approve button again');
    await waitFor(() => submitButton(page.approve)!.getAttribute('aria-disabled') === 'false', 'armed again');
    page.approve.strings = {
      expiresIn: () => {
        throw new Error('the host strings failed');
      },
    };
    await page.approve.updateComplete;
    expect(submitButton(page.approve)).to.equal(undefined);
    expect(deepQueryAll('[part~="summary"]', page.approve)).to.have.length(0);
    expect(partText(page.approve, 'error')).to.have.length.greaterThan(0);
    await sendMouse({ type: 'click', position: where });
    await expectNothingSigned(page, first, second);
  });

  it('RTL override: direction-changing characters in an account id are refused; in the host label they are shown as marks', async () => {
    const page = await approvalPage();
    const quote = await quoteFor(page.wallet);
    // "ExternalAccount:<RLO>…" would display reversed, e.g. to make a different id read like the friend's.
    const reversed = `ExternalAccount:\u202E${[...quote.destination.accountId.split(':')[1]!].reverse().join('')}`;
    await expectRefused(
      page,
      tampered(quote, (q) => (q.destination.accountId = reversed)),
      'destination.accountId',
    );
    await expectRefused(
      page,
      withCommitment(quote, { destinationAccountId: reversed }),
      'unsignedTransaction.destinationAccountId',
    );
    await expectRefused(
      page,
      tampered(quote, (q) => (q.receivingCurrency.code = 'US\u202ED')),
      'receivingCurrency.code',
    );
    expect(page.approve.shadowRoot!.textContent).to.not.include('\u202E');
    await expectNothingSigned(page, quote);

    page.approve.destinationLabel = 'Alex\u202E3210•• gnikcehc';
    page.approve.quote = quote;
    await waitFor(() => submitButton(page.approve), 'the good quote');
    expect(partText(page.approve, 'destination-label')).to.equal('Alex[U+202E]3210•• gnikcehc');
    expectAccount(page.approve, quote.destination.accountId);
    expect(page.approve.shadowRoot!.textContent).to.not.include('\u202E');
  });

  it('200,000-character fields are refused at once, in the quote and in its payload; a label that long is cut', async () => {
    const page = await approvalPage();
    const quote = await quoteFor(page.wallet);
    const long = 'A'.repeat(200_000);
    const cases: [Quote, string][] = [
      [tampered(quote, (q) => (q.id = long)), 'id'],
      [tampered(quote, (q) => (q.destination.accountId = long)), 'destination.accountId'],
      [tampered(quote, (q) => (q.sendingCurrency.code = long)), 'sendingCurrency.code'],
      [tampered(quote, (q) => (q.expiresAt = long)), 'expiresAt'],
      [withCommitment(quote, { destinationAccountId: long }), 'unsignedTransaction.destinationAccountId'],
    ];
    for (const [bad, field] of cases) await expectRefused(page, bad, field);
    expect(page.approve.shadowRoot!.textContent!.length).to.be.below(1_000);
    await expectNothingSigned(page, quote);

    page.approve.destinationLabel = long;
    page.approve.quote = quote;
    await waitFor(() => submitButton(page.approve), 'the good quote');
    expect(partText(page.approve, 'destination-label')).to.equal(`${'A'.repeat(80)}…`);
  });

  it('an unreadable payload is refused without the opt-in', async () => {
    const page = await approvalPage();
    const quote = await quoteFor(page.wallet);
    // An opaque transaction (RLP bytes): nothing the wallet can check the quote against.
    await expectRefused(page, withUnsignedTransaction(quote, 'f86c0a8502540be400825208'), 'payloadToSign');
    expect(page.approve.shadowRoot!.textContent).to.not.include('$10.00');
    await expectNothingSigned(page, quote);
  });

  it('with allow-unverified-payment, an unreadable payload is shown with a plain warning, and the stamp covers only that payload', async () => {
    const page = await approvalPage({ 'allow-unverified-payment': '' });
    const quote = await quoteFor(page.wallet);
    const forged = withUnsignedTransaction(quote, 'f86c0a8502540be400825208');
    page.approve.quote = forged;
    const warning = await waitFor(() => deepQueryAll('[part~="warning"]', page.approve)[0], 'the warning');
    expect(warning.textContent).to.include('The payment details cannot be verified');
    const button = await waitFor(() => submitButton(page.approve), 'the approve button');
    expect(button.getAttribute('aria-describedby')).to.include(warning.id);
    await click(button);
    await waitFor(() => page.signatures.length === 1, 'the signature');
    // The sandbox holds the real payload: a stamp over the forged one executes nothing.
    const executed = await platform('POST', `/quotes/${quote.id}/execute`, undefined, {
      'Service-Wallet-Signature': page.signatures[0]!.detail.signature,
      'Idempotency-Key': page.signatures[0]!.detail.idempotencyKey,
    });
    expect(executed.status).to.equal(401);
    expect((await platform('GET', `/quotes/${quote.id}`)).body.status).to.equal('PENDING');
  });

  it('bad expiresAt: an unparseable date, or one that differs from the commitment, is refused (not "never expires")', async () => {
    const page = await approvalPage();
    const quote = await quoteFor(page.wallet);
    await expectRefused(
      page,
      tampered(quote, (q) => (q.expiresAt = 'soon')),
      'expiresAt',
    );
    const later = new Date(Date.parse(quote.expiresAt) + 365 * 86_400_000).toISOString();
    await expectRefused(
      page,
      tampered(quote, (q) => (q.expiresAt = later)),
      'expiresAt',
    );
    await expectRefused(page, withCommitment(quote, { expiresAt: 'never' }), 'unsignedTransaction.expiresAt');
    await expectNothingSigned(page, quote);
  });
});
