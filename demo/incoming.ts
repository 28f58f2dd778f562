/**
 * Incoming money and the wallet's balance: a transfer in from an external
 * account or a UMA payment from a sandbox test sender, both through the demo
 * backend (spec 4.9). The sandbox credits the wallet when the payment
 * completes, a few seconds later, so the balance is re-read for a while after.
 */
import { $, api, wallet } from './page.js';

interface WalletRow {
  balance?: { amount: number; currency: { code: string; decimals: number } };
}

let polling: ReturnType<typeof setInterval> | undefined;

/** Reads the wallet's balance now and shows it. */
export async function showBalance(): Promise<void> {
  const customerId = wallet.getAttribute('customer-id');
  if (!customerId) return;
  try {
    const row = await api<WalletRow>('GET', `/wallet?customerId=${encodeURIComponent(customerId)}`);
    const balance = row.balance;
    if (!balance) return;
    const money = new Intl.NumberFormat(undefined, { style: 'currency', currency: balance.currency.code }).format(
      balance.amount / 10 ** balance.currency.decimals,
    );
    $('#balance').textContent = `Wallet balance: ${money}`;
  } catch (error) {
    $('#balance').textContent = `Could not read the balance: ${(error as Error).message}`;
  }
}

/** Re-reads the balance every second for `ms`, so a payment's completion shows. */
export function followBalance(ms = 15_000): void {
  clearInterval(polling);
  const until = Date.now() + ms;
  void showBalance();
  polling = setInterval(() => {
    if (Date.now() > until) clearInterval(polling);
    void showBalance();
  }, 1_000);
}

export function wireIncoming(): void {
  $<HTMLFormElement>('#incoming').addEventListener('submit', async (event) => {
    event.preventDefault();
    const form = new FormData(event.target as HTMLFormElement);
    const from = String(form.get('from'));
    const status = $('#setup-status');
    try {
      const transaction = await api<{ id: string; status?: string }>('POST', '/receive', {
        from,
        amount: Number(form.get('amount')),
        accountId: wallet.getAttribute('account-id'),
        customerId: wallet.getAttribute('customer-id'),
        externalAccountId: $<HTMLSelectElement>('#external-accounts').value,
      });
      status.textContent = `Incoming ${transaction.id}: ${transaction.status ?? 'created'}.`;
      followBalance();
    } catch (error) {
      status.textContent = `The sandbox refused the payment: ${(error as Error).message}`;
    }
  });
}
