/** Payments: quote, approval in the wallet, execution by the demo backend, status until final. */
import { followBalance } from './incoming.js';
import type { Quote } from '../src/client/index.js';
import { $, api, approve, wallet } from './page.js';

let polling: ReturnType<typeof setInterval> | undefined;

function paymentStep(text: string): void {
  const item = document.createElement('li');
  item.textContent = text;
  $('#payment-status').append(item);
}

export function wirePayments(): void {
  $<HTMLFormElement>('#quote').addEventListener('submit', async (event) => {
    event.preventDefault();
    const form = new FormData(event.target as HTMLFormElement);
    clearInterval(polling);
    $('#payment-status').replaceChildren();
    $('#transaction').textContent = '';
    try {
      const quote = await api<Quote>('POST', '/quotes', {
        accountId: wallet.getAttribute('account-id'),
        externalAccountId: form.get('externalAccountId'),
        amount: Number(form.get('amount')),
      });
      approve.quote = quote;
      approve.hidden = false;
      paymentStep(`Quote ${quote.id} created; approve it in the wallet.`);
    } catch (error) {
      paymentStep(`Could not create the quote: ${(error as Error).message}`);
    }
  });

  approve.addEventListener('ew-signature', async ({ detail }) => {
    paymentStep('Approved: executing with the signature and the idempotency key…');
    try {
      await api('POST', '/execute', detail);
    } catch (error) {
      paymentStep(`Execute refused: ${(error as Error).message}`);
      return;
    }
    followBalance(); // the payment leaves the balance (and a refund comes back)
    let last = '';
    polling = setInterval(async () => {
      const quote = await api<Quote & { status: string; transaction?: { failureReason?: string } }>(
        'GET',
        `/quote?id=${encodeURIComponent(detail.quoteId)}`,
      );
      const reason = quote.transaction?.failureReason;
      const status = reason ? `${quote.status} (${reason})` : quote.status;
      if (status !== last) {
        last = status;
        paymentStep(`Status: ${status}`);
        // The approval becomes the receipt: the host tells it where the payment stands.
        approve.status =
          quote.status === 'COMPLETED' ? 'completed' : quote.status === 'FAILED' ? 'failed' : 'processing';
        approve.failureReason = reason;
        $('#transaction').textContent = JSON.stringify(quote, null, 2);
      }
      // COMPLETED is not always final (…005 is returned later), so only a failure or expiry stops the watch.
      if (quote.status === 'FAILED' || quote.status === 'EXPIRED') clearInterval(polling);
    }, 1_000);
  });
}
