/**
 * The demo page: a partner's page around `<ew-wallet>`. It loads the widget
 * the way partners do (the script-tag bundle; `?build=esm` for the ESM
 * build; `?mode=isolated` for isolated mode), talks to its own backend at
 * /demo-api for everything that needs platform credentials, and logs every
 * `ew-*` event and relay call.
 */
import { wireAccount } from './account.js';
import { wireIncoming } from './incoming.js';
import { loadHostScript, loadWidget } from './load-widget.js';
import { demoTransport, log } from './log.js';
import { $, api, isolated, wallet, type DemoConfig } from './page.js';
import { wirePayments } from './payments.js';
import { wireQa } from './qa.js';
import { refreshCustomers, wireSetup } from './setup.js';

async function main(): Promise<void> {
  if (isolated) return mainIsolated(await api<DemoConfig>('GET', '/config'));
  const [widget, config] = await Promise.all([loadWidget(), api<DemoConfig>('GET', '/config')]);
  logEvents();
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

/**
 * Isolated mode: the page loads only the host script and gives `<ew-wallet>` the frame's URL (before
 * the script defines it). The client, its transport (the relay log, the tamper switch) and the OIDC
 * token provider live in the frame, so this page has none of them.
 */
async function mainIsolated(config: DemoConfig): Promise<void> {
  wallet.setAttribute('frame', config.frameUrl);
  wallet.removeAttribute('oauth-label');
  await loadHostScript(config.frameUrl);
  logEvents();
  log('qa', `isolated mode: the wallet runs in ${config.frameUrl}; its relay calls are not this page's to see`);
  $<HTMLInputElement>('#tamper').disabled = true;
  wireSetup(config);
  wirePayments();
  wireAccount();
  wireIncoming();
  wireQa(undefined);
  await refreshCustomers();
}

/** Every `ew-*` event in the demo's log. */
function logEvents(): void {
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
}

main().catch((error: unknown) => {
  $('#setup-status').textContent = `The demo could not start: ${String(error)}`;
});
