/**
 * The demo page: a partner's page around `<ew-wallet>`. It loads the widget
 * the way partners do (the script-tag bundle; `?build=esm` for the ESM
 * build), talks to its own backend at /demo-api for everything that needs
 * platform credentials, and logs every `ew-*` event and relay call.
 */
import { wireAccount } from './account.js';
import { wireIncoming } from './incoming.js';
import { loadWidget } from './load-widget.js';
import { demoTransport, log } from './log.js';
import { $, api, wallet, type DemoConfig } from './page.js';
import { wirePayments } from './payments.js';
import { wireQa } from './qa.js';
import { refreshCustomers, wireSetup } from './setup.js';

async function main(): Promise<void> {
  const [widget, config] = await Promise.all([loadWidget(), api<DemoConfig>('GET', '/config')]);
  for (const type of [
    'ew-signed-in',
    'ew-signed-out',
    'ew-session-expiring',
    'ew-signature',
    'ew-error',
    'ew-otp-sent',
    'ew-credential-added',
    'ew-credential-removed',
    'ew-session-revoked',
    'ew-storage-warning',
    'ew-wallet-exported',
  ]) {
    document.addEventListener(type, (event) => log('event', type, (event as CustomEvent).detail));
  }
  wallet.setAttribute('otp-target-key', config.enclaveKeys.otpTarget);
  wallet.setAttribute('export-key', config.enclaveKeys.export);
  wallet.transport = demoTransport(widget);
  wallet.oidcTokenProvider = async ({ nonce }) =>
    (await api<{ idToken: string }>('POST', '/oidc-token', { nonce, subject: wallet.getAttribute('account-id') }))
      .idToken;
  wireSetup(config);
  wirePayments();
  wireAccount();
  wireIncoming();
  wireQa(widget);
  await refreshCustomers();
}

main().catch((error: unknown) => {
  $('#setup-status').textContent = `The demo could not start: ${String(error)}`;
});
