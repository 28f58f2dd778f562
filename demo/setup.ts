/** Setup panel: customers with wallets, funding, external accounts by magic suffix. */
import { showBalance } from './incoming.js';
import { $, api, approve, wallet, type DemoConfig } from './page.js';

interface CustomerRow {
  id: string;
  email: string;
  phoneNumber?: string;
  wallet?: { id: string };
}

let customers: CustomerRow[] = [];
const externalAccounts: { id: string; label: string }[] = [];

function useCustomer(row: CustomerRow | undefined): void {
  if (!row?.wallet) return;
  wallet.setAttribute('customer-id', row.id);
  wallet.setAttribute('account-id', row.wallet.id);
  // A new customer's wallet has no credential yet: offer the code methods its contacts allow.
  wallet.setAttribute('first-sign-in', row.phoneNumber ? 'email sms' : 'email');
  approve.hidden = true;
  void showBalance();
}

export async function refreshCustomers(select?: string): Promise<void> {
  customers = await api<CustomerRow[]>('GET', '/customers');
  const picker = $<HTMLSelectElement>('#customers');
  picker.replaceChildren(
    ...customers.map((c) => new Option(`${c.email}${c.phoneNumber ? ` / ${c.phoneNumber}` : ''}`, c.id)),
  );
  picker.value = select ?? wallet.getAttribute('customer-id') ?? customers[0]?.id ?? '';
  useCustomer(customers.find((c) => c.id === picker.value));
}

function setupStatus(text: string): void {
  $('#setup-status').textContent = text;
}

export function wireSetup(config: DemoConfig): void {
  const suffixes = $<HTMLSelectElement>('#suffixes');
  suffixes.replaceChildren(
    ...config.magicSuffixes.map(({ suffix, outcome }) => new Option(`…${suffix}: ${outcome}`, suffix)),
  );

  $<HTMLFormElement>('#create-customer').addEventListener('submit', async (event) => {
    event.preventDefault();
    const form = new FormData(event.target as HTMLFormElement);
    try {
      const created = await api<{ id: string }>('POST', '/customers', {
        email: form.get('email'),
        phoneNumber: form.get('phoneNumber') || undefined,
      });
      await refreshCustomers(created.id);
      setupStatus(`Created ${String(form.get('email'))} with an embedded wallet.`);
    } catch (error) {
      setupStatus(`Could not create the customer: ${(error as Error).message}`);
    }
  });
  $<HTMLSelectElement>('#customers').addEventListener('change', (event) =>
    useCustomer(customers.find((c) => c.id === (event.target as HTMLSelectElement).value)),
  );
  $<HTMLFormElement>('#fund').addEventListener('submit', async (event) => {
    event.preventDefault();
    const amount = Number(new FormData(event.target as HTMLFormElement).get('amount'));
    try {
      await api('POST', '/fund', { accountId: wallet.getAttribute('account-id'), amount });
      setupStatus(`Funded ${amount} cents.`);
      void showBalance();
    } catch (error) {
      setupStatus(`Could not fund: ${(error as Error).message}`);
    }
  });
  $<HTMLFormElement>('#external-account').addEventListener('submit', async (event) => {
    event.preventDefault();
    const form = new FormData(event.target as HTMLFormElement);
    const suffix = String(form.get('suffix'));
    const currency = String(form.get('currency') ?? 'USD');
    try {
      const account = await api<{ id: string; beneficiaryVerificationStatus?: string }>('POST', '/external-accounts', {
        customerId: wallet.getAttribute('customer-id'),
        suffix,
        currency,
      });
      const outcome = config.magicSuffixes.find((m) => m.suffix === suffix)?.outcome ?? '';
      externalAccounts.push({ id: account.id, label: `${currency} …${suffix}: ${outcome}` });
      $<HTMLSelectElement>('#external-accounts').replaceChildren(
        ...externalAccounts.map((a) => new Option(a.label, a.id)),
      );
      $<HTMLSelectElement>('#external-accounts').value = account.id;
      setupStatus(
        `Added external account …${suffix} in ${currency} (beneficiary: ${account.beneficiaryVerificationStatus ?? 'n/a'}).`,
      );
    } catch (error) {
      setupStatus(`The sandbox refused the account: ${(error as Error).message}`);
    }
  });
}
