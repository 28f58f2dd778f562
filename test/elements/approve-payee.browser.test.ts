/**
 * `<ew-approve-quote>` says whom you pay and who asks: the payee's name as the
 * service reports it for the committed account (with its name check, bank,
 * last four and currency), the committed id in full under it, the asking
 * app, and the amount sent as the largest words. Against the sandbox through
 * the real relay.
 */
import { expect } from 'chai';
import { afterEach, describe, it } from '#test-harness';
import type { EwApproveQuote } from '../../src/elements/index.js';
import { fetchTransport, type Transport } from '../../src/protocol/index.js';
import { emailSignIn, makeClient, newWallet, quoteFor } from '../helpers/browser-stack.js';
import { deepQueryAll, waitFor } from '../helpers/dom.js';
import '../helpers/elements.js';

const cleanup: (() => void)[] = [];
let pages = 0;

/** The relay, with the payee read answered `delayMs` late. */
function slowPayees(delayMs: number): Transport {
  const inner = fetchTransport('/api');
  return async (request) => {
    const answer = await inner(request);
    if (request.path.startsWith('/customers/external-accounts')) await new Promise((r) => setTimeout(r, delayMs));
    return answer;
  };
}

/** A signed-in wallet's approval of a quote to a new payee (`accountNumber` picks the sandbox's name check). */
async function approval(
  options: { attributes?: Record<string, string>; accountNumber?: string; transport?: Transport } = {},
) {
  const wallet = await newWallet();
  const client = await makeClient(wallet, {
    storageNamespace: `approve-payee-${++pages}`,
    ...(options.transport ? { transport: options.transport } : {}),
  });
  await emailSignIn(client, wallet);
  const quote = await quoteFor(wallet, 1_000, options.accountNumber);
  const approve = document.createElement('ew-approve-quote') as EwApproveQuote;
  for (const [name, value] of Object.entries(options.attributes ?? {})) approve.setAttribute(name, value);
  approve.client = client;
  document.body.append(approve);
  approve.quote = quote;
  cleanup.push(
    () => approve.remove(),
    () => client.close(),
  );
  return { approve, quote };
}

const part = (approve: Element, name: string) => deepQueryAll<HTMLElement>(`[part~="${name}"]`, approve)[0];
const armed = (approve: Element) => {
  const button = part(approve, 'submit') as HTMLButtonElement | undefined;
  return button?.getAttribute('aria-disabled') === 'false';
};

describe('<ew-approve-quote>: whom you pay and who asks', () => {
  afterEach(() => cleanup.splice(0).forEach((undo) => undo()));

  it('names the payee as the service knows the committed account: name, its check, last four and currency, the id in full under it', async () => {
    const { approve, quote } = await approval();
    const name = await waitFor(() => part(approve, 'payee-name'), 'the payee name');
    expect(name.innerText).to.equal('Pay Ee');
    expect(part(approve, 'payee-account')!.innerText).to.equal('••0123 · USD');
    const check = part(approve, 'name-check')!;
    expect([check.innerText, check.dataset['check']]).to.deep.equal(['Name confirmed by the bank', 'MATCHED']);
    // The committed id stays on screen in full: the name is the service's word, the id is what is signed.
    expect(part(approve, 'account')!.innerText.replace(/\s/g, '')).to.equal(quote.destination.accountId);
    const details = part(approve, 'details') as HTMLDetailsElement;
    expect(details.querySelector('summary')!.textContent).to.equal('What you sign');
    expect(details.textContent).to.include('The name, its check, the bank and the account ending');
    expect(details.textContent).to.include('are not part of what you sign');
  });

  it("a name that does not match the account holder's is a warning, in the danger colour", async () => {
    const { approve } = await approval({ accountNumber: '4444000102' });
    const check = await waitFor(() => part(approve, 'name-check'), 'the name check');
    expect(check.innerText).to.equal("The name does not match the account holder's");
    expect(check.dataset['check']).to.equal('NOT_MATCHED');
    // The light theme's danger colour (src/elements/shared/palette-rows.ts), not the muted one of a good check.
    expect(getComputedStyle(check).color).to.equal('rgb(179, 38, 30)');
  });

  it('Approve arms only once the payee is on screen, so the press approves what the user read', async () => {
    const { approve } = await approval({ transport: slowPayees(1_500) });
    part(approve, 'base')?.scrollIntoView({ block: 'center' });
    // Frame by frame until the name shows: the button must never be armed without it.
    let armedUnnamed = false;
    await waitFor(
      () => {
        if (armed(approve) && !part(approve, 'payee-name')) armedUnnamed = true;
        return part(approve, 'payee-name');
      },
      'the payee name',
      5_000,
    );
    expect(armedUnnamed, 'armed before the payee was shown').to.equal(false);
    await waitFor(() => armed(approve), 'armed after the name');
  });

  it('a payee read that does not answer does not keep Approve off: it arms with the committed id alone', async () => {
    const { approve, quote } = await approval({ transport: slowPayees(20_000) });
    await waitFor(() => part(approve, 'submit'), 'the button');
    part(approve, 'submit')!.scrollIntoView({ block: 'center' });
    await waitFor(() => armed(approve), 'armed without the payee', 6_000);
    expect(part(approve, 'payee-name')).to.equal(undefined);
    expect(part(approve, 'account')!.innerText.replace(/\s/g, '')).to.equal(quote.destination.accountId);
  });

  it("says who asks: the page's host name by default, the app-name when set, with invisible characters as marks", async () => {
    const { approve } = await approval();
    const requester = await waitFor(() => part(approve, 'requester'), 'the requester');
    expect(requester.innerText).to.equal(`${location.hostname} asks you to approve this payment.`);
    approve.setAttribute('app-name', 'Acme Pay');
    await approve.updateComplete;
    expect(part(approve, 'requester')!.innerText).to.equal('Acme Pay asks you to approve this payment.');
    approve.setAttribute('app-name', 'Acme\u202EyaP');
    await approve.updateComplete;
    expect(part(approve, 'requester')!.innerText).to.equal('Acme[U+202E]yaP asks you to approve this payment.');
  });

  it('the amount sent is the largest text and holds one line at 375 px; the countdown is neutral, not success green', async () => {
    const { approve } = await approval();
    approve.style.display = 'block';
    approve.style.width = '343px'; // a 375 px screen less its margins
    await waitFor(() => part(approve, 'payee-name'), 'the payee');
    const send = deepQueryAll<HTMLElement>('[part~="summary"] dd.send', approve)[0]!;
    const size = (el: Element) => parseFloat(getComputedStyle(el).fontSize);
    const others = [...deepQueryAll('[part~="summary"] dd:not(.send)', approve), part(approve, 'payee-name')!];
    for (const other of others) expect(size(send), other.textContent!).to.be.above(size(other));
    const lineHeight = parseFloat(getComputedStyle(send).lineHeight);
    expect(send.getBoundingClientRect().height, 'one line').to.be.below(lineHeight * 1.5);
    const countdown = deepQueryAll<HTMLElement>('.countdown', approve)[0]!;
    expect(getComputedStyle(countdown).color).to.equal(getComputedStyle(part(approve, 'requester')!).color);
  });
});
