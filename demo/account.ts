/** Account settings: privacy and contact changes, signed by the wallet's session. */
import { $, isolated, wallet } from './page.js';
import { refreshCustomers } from './setup.js';

export function wireAccount(): void {
  const status = (text: string) => ($('#account-status').textContent = text);
  const run = async (what: string, action: () => Promise<unknown>) => {
    if (isolated) return status('In isolated mode this page holds no client: use the wallet’s own settings.');
    if (wallet.client?.state.status !== 'signed-in') return status('Sign in first.');
    try {
      await action();
      status(`${what}: done.`);
    } catch (error) {
      status(`${what} failed: ${(error as Error).message}`);
    }
  };
  $<HTMLFormElement>('#privacy').addEventListener('submit', (event) => {
    event.preventDefault();
    const enabled = new FormData(event.target as HTMLFormElement).get('private') === 'on';
    void run(`Privacy ${enabled ? 'on' : 'off'}`, () => wallet.client!.setWalletPrivacy(enabled));
  });
  $<HTMLFormElement>('#contact').addEventListener('submit', (event) => {
    event.preventDefault();
    const form = new FormData(event.target as HTMLFormElement);
    const value = String(form.get('value'));
    const contact = form.get('kind') === 'phoneNumber' ? { phoneNumber: value } : { email: value };
    void run('Contact change', async () => {
      await wallet.client!.updateContact(contact);
      await refreshCustomers(wallet.getAttribute('customer-id') ?? undefined);
    });
  });
}
