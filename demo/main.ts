/**
 * The demo page: a partner's page around `<ew-wallet>`. It loads the widget
 * the way partners do (the script-tag bundle; `?build=esm` for the ESM
 * build), talks to its own backend at /demo-api for everything that needs
 * platform credentials, and logs every `ew-*` event and relay call.
 */
import type * as Widget from '../src/index.js';
import type { EwApproveQuote, EwWallet } from '../src/index.js';
import type { Quote, WireRequest, WireResponse } from '../src/client/index.js';

interface DemoConfig {
  enclaveKeys: { otpTarget: string; export: string };
  otpCode: string;
  magicSuffixes: { suffix: string; outcome: string }[];
}
interface CustomerRow {
  id: string;
  email: string;
  phoneNumber?: string;
  wallet?: { id: string };
}

const $ = <T extends Element>(selector: string) => document.querySelector<T>(selector)!;
const wallet = $<EwWallet>('#wallet');
const approve = $<EwApproveQuote>('#approve');
const logList = $<HTMLOListElement>('#log');

async function api<T = Record<string, unknown>>(method: string, path: string, body?: unknown): Promise<T> {
  const response = await fetch(`/demo-api${path}`, {
    method,
    headers: { 'content-type': 'application/json' },
    ...(body !== undefined ? { body: JSON.stringify(body) } : {}),
  });
  const json = (await response.json()) as T & { message?: string };
  if (!response.ok) throw new Error(`${response.status}: ${json.message ?? 'failed'}`);
  return json;
}

const WIDGET_URL = '/widget/embedded-wallet-elements.js';

/** The page's Trusted Types policy (CSP `trusted-types lit-html ew-demo`): it allows the widget's URL only. */
const loaderPolicy = (
  window as unknown as {
    trustedTypes?: { createPolicy(name: string, rules: { createScriptURL(url: string): string }): unknown };
  }
).trustedTypes?.createPolicy('ew-demo', {
  createScriptURL(url) {
    if (url !== WIDGET_URL) throw new TypeError(`not the widget: ${url}`);
    return url;
  },
}) as { createScriptURL(url: string): string } | undefined;

/** Loads the widget: the script-tag bundle, or the ESM build with ?build=esm. */
async function loadWidget(): Promise<typeof Widget> {
  const esm = new URLSearchParams(location.search).get('build') === 'esm';
  $('#build').textContent = esm ? 'ESM (switch: remove ?build=esm)' : 'script tag (switch: add ?build=esm)';
  if (esm) return import('../src/index.js');
  await new Promise<void>((resolve, reject) => {
    const script = document.createElement('script');
    // A TrustedScriptURL where the browser enforces Trusted Types; the plain string elsewhere.
    script.src = (loaderPolicy?.createScriptURL(WIDGET_URL) ?? WIDGET_URL) as string;
    script.onload = () => resolve();
    script.onerror = () => reject(new Error('the widget bundle did not load'));
    document.head.append(script);
  });
  return (window as unknown as { EmbeddedWallet: typeof Widget }).EmbeddedWallet;
}

// --- the log -----------------------------------------------------------------

const SECRET_KEYS = /signature|token|bundle|encrypted|mnemonic|otp/i;
function redact(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(redact);
  if (value && typeof value === 'object' && !(value instanceof Date)) {
    return Object.fromEntries(
      Object.entries(value).map(([k, v]) => [
        k,
        SECRET_KEYS.test(k) && typeof v === 'string' ? '[redacted]' : redact(v),
      ]),
    );
  }
  return value;
}

function log(kind: string, text: string, detail?: unknown): void {
  const item = document.createElement('li');
  item.dataset['kind'] = kind;
  const time = new Date().toLocaleTimeString();
  item.textContent = `${time} ${kind} ${text}${detail === undefined ? '' : ` ${JSON.stringify(redact(detail))}`}`;
  logList.prepend(item);
}

// --- setup -------------------------------------------------------------------

let customers: CustomerRow[] = [];
const externalAccounts: { id: string; label: string }[] = [];

function useCustomer(row: CustomerRow | undefined): void {
  if (!row?.wallet) return;
  wallet.setAttribute('customer-id', row.id);
  wallet.setAttribute('account-id', row.wallet.id);
  approve.hidden = true;
}

async function refreshCustomers(select?: string): Promise<void> {
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

function wireSetup(config: DemoConfig): void {
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
    } catch (error) {
      setupStatus(`Could not fund: ${(error as Error).message}`);
    }
  });
  $<HTMLFormElement>('#external-account').addEventListener('submit', async (event) => {
    event.preventDefault();
    const suffix = String(new FormData(event.target as HTMLFormElement).get('suffix'));
    try {
      const account = await api<{ id: string; beneficiaryVerificationStatus?: string }>('POST', '/external-accounts', {
        customerId: wallet.getAttribute('customer-id'),
        suffix,
      });
      const outcome = config.magicSuffixes.find((m) => m.suffix === suffix)?.outcome ?? '';
      externalAccounts.push({ id: account.id, label: `…${suffix}: ${outcome}` });
      $<HTMLSelectElement>('#external-accounts').replaceChildren(
        ...externalAccounts.map((a) => new Option(a.label, a.id)),
      );
      $<HTMLSelectElement>('#external-accounts').value = account.id;
      setupStatus(
        `Added external account …${suffix} (beneficiary: ${account.beneficiaryVerificationStatus ?? 'n/a'}).`,
      );
    } catch (error) {
      setupStatus(`The sandbox refused the account: ${(error as Error).message}`);
    }
  });
}

// --- payments ----------------------------------------------------------------

let polling: ReturnType<typeof setInterval> | undefined;

function paymentStep(text: string): void {
  const item = document.createElement('li');
  item.textContent = text;
  $('#payment-status').append(item);
}

function wirePayments(): void {
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
        $('#transaction').textContent = JSON.stringify(quote, null, 2);
      }
      // COMPLETED is not always final (…005 is returned later), so only a failure or expiry stops the watch.
      if (quote.status === 'FAILED' || quote.status === 'EXPIRED') clearInterval(polling);
    }, 1_000);
  });
}

// --- account settings (signed requests from the widget's client) -------------

function wireAccount(): void {
  const status = (text: string) => ($('#account-status').textContent = text);
  const run = async (what: string, action: () => Promise<unknown>) => {
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

// --- QA switches, theme, locale -----------------------------------------------

function wireQa(widget: typeof Widget): void {
  const status = (text: string) => ($('#qa-status').textContent = text);
  for (const button of document.querySelectorAll<HTMLButtonElement>('[data-scenario]')) {
    button.addEventListener('click', async () => {
      const name = button.dataset['scenario']!;
      try {
        if (name === 'expire-session') {
          const expiresAt =
            wallet.client?.state.status === 'signed-in' ? wallet.client.state.session.expiresAt : undefined;
          const ms = expiresAt ? Math.ceil(expiresAt.getTime() - wallet.client!.serverNow()) + 1_000 : 16 * 60_000;
          await api('POST', '/scenario', { name: 'advance-clock', ms });
          // The widget reads the server clock from answers: a call lets it see the jump.
          await wallet.client?.listSessions().catch(() => undefined);
          status('The sandbox clock moved past the session expiry.');
        } else if (name === 'advance-minute') {
          await api('POST', '/scenario', { name: 'advance-clock', ms: 60_000 });
          status('The sandbox clock moved one minute ahead.');
        } else {
          await api('POST', '/scenario', { name });
          status(`Armed: ${button.textContent}.`);
        }
      } catch (error) {
        status(`Failed: ${(error as Error).message}`);
      }
    });
  }
  $<HTMLSelectElement>('#theme').addEventListener('change', (e) => {
    const theme = (e.target as HTMLSelectElement).value;
    for (const el of [wallet, approve]) {
      if (theme) el.setAttribute('theme', theme);
      else el.removeAttribute('theme');
    }
    document.documentElement.dataset['theme'] = theme;
  });
  $<HTMLInputElement>('#accent').addEventListener('input', (e) =>
    document.body.style.setProperty('--ew-color-accent', (e.target as HTMLInputElement).value),
  );
  $<HTMLInputElement>('#radius').addEventListener('input', (e) =>
    document.body.style.setProperty('--ew-radius', `${(e.target as HTMLInputElement).value}px`),
  );
  $<HTMLSelectElement>('#locale').addEventListener('change', (e) => {
    const es = (e.target as HTMLSelectElement).value === 'es';
    widget.setWalletStrings(es ? widget.STRINGS_ES : widget.STRINGS_EN);
    document.documentElement.lang = es ? 'es' : 'en';
  });
}

/** The relay transport, logged, with the "tamper the next target bundle" switch. */
function demoTransport(widget: typeof Widget) {
  // 8 s instead of the default 20 s, so the "times out" switch is quick to try.
  const inner = widget.fetchTransport('/api', { timeoutMs: 8_000 });
  return async (request: WireRequest): Promise<WireResponse> => {
    const started = performance.now();
    const path = request.path.split('?')[0]!;
    try {
      const response = await inner(request);
      log('relay', `${request.method} ${path} -> ${response.status} (${Math.round(performance.now() - started)} ms)`);
      const tamper = $<HTMLInputElement>('#tamper');
      const body = response.body as Record<string, unknown> | undefined;
      if (tamper.checked && typeof body?.['otpEncryptionTargetBundle'] === 'string') {
        tamper.checked = false;
        const bundle = body['otpEncryptionTargetBundle'];
        // One changed character inside the signed data: the widget must refuse the bundle.
        const i = Math.floor(bundle.length / 2);
        const flipped = bundle.slice(0, i) + (bundle[i] === 'a' ? 'b' : 'a') + bundle.slice(i + 1);
        log('qa', 'tampered the OTP target bundle');
        return { ...response, body: { ...body, otpEncryptionTargetBundle: flipped } };
      }
      return response;
    } catch (error) {
      log('relay', `${request.method} ${path} -> ${(error as { code?: string }).code ?? 'failed'}`);
      throw error;
    }
  };
}

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
  wireQa(widget);
  await refreshCustomers();
}

main().catch((error: unknown) => {
  $('#setup-status').textContent = `The demo could not start: ${String(error)}`;
});
