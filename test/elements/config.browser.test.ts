/**
 * An `<ew-wallet>` set up wrongly says what is wrong: a missing
 * attribute once the wallet is on screen and it has not come, a value that
 * cannot be right at once. Each is an `ew-error` with a CONFIG_* code naming
 * the attribute and the fix, one console line, and plain words on screen; no
 * request is made with a bad configuration, and fixing the attribute brings
 * the wallet up.
 */
import { expect } from 'chai';
import { afterEach, describe, it } from '#test-harness';
import { newWallet, sandboxKeys } from '../helpers/browser-stack.js';
import { buttonNamed, deepQueryAll, waitFor } from '../helpers/dom.js';
import '../../src/define.js';
import type { EwWallet } from '../../src/elements/index.js';

const ON_SCREEN = 'The wallet is not available on this site right now.';

interface Watched {
  el: HTMLElement;
  errors: { code: string; message: string }[];
  lines: string[];
  requests: string[];
}

/** A wallet with these attributes, its ew-error events, its console.error lines and every fetch it makes. */
function watchedWallet(attributes: Record<string, string>, options: { hidden?: boolean } = {}): Watched {
  const el = document.createElement('ew-wallet');
  for (const [name, value] of Object.entries(attributes)) el.setAttribute(name, value);
  if (options.hidden) el.hidden = true;
  const watched: Watched = { el, errors: [], lines: [], requests: [] };
  el.addEventListener('ew-error', (e) => watched.errors.push((e as CustomEvent).detail));
  const error = console.error;
  console.error = (...args: unknown[]) => {
    watched.lines.push(args.map(String).join(' '));
    error.apply(console, args);
  };
  const fetch = window.fetch;
  window.fetch = (input, init) => {
    watched.requests.push(String(input instanceof Request ? input.url : input));
    return fetch(input, init);
  };
  restore.push(() => {
    console.error = error;
    window.fetch = fetch;
  });
  document.body.append(el);
  return watched;
}

const restore: (() => void)[] = [];
const alertText = (el: Element) => deepQueryAll('[role="alert"]', el)[0]?.textContent?.trim();

describe('<ew-wallet> configuration mistakes', () => {
  afterEach(() => {
    document.querySelectorAll('ew-wallet').forEach((el) => el.remove());
    restore
      .splice(0)
      .reverse()
      .forEach((undo) => undo()); // last wrapper first
  });

  it('no account-id, on screen: after a grace period, CONFIG_MISSING_ATTRIBUTE naming it, once; then set, it starts', async () => {
    const w = watchedWallet({ 'api-base': '/api' });
    await waitFor(() => w.errors.length > 0, 'the configuration error', 5_000);
    expect(w.errors).to.have.length(1);
    expect(w.errors[0]!.code).to.equal('CONFIG_MISSING_ATTRIBUTE');
    expect(w.errors[0]!.message).to.include('has no account-id');
    expect(alertText(w.el)).to.equal(ON_SCREEN);
    expect(w.lines.filter((l) => l.startsWith('embedded-wallet-elements: CONFIG_MISSING_ATTRIBUTE'))).to.have.length(1);
    expect(w.requests).to.deep.equal([]);

    const wallet = await newWallet();
    const keys = await sandboxKeys();
    w.el.setAttribute('otp-target-key', keys.otpTarget);
    w.el.setAttribute('export-key', keys.export);
    w.el.setAttribute('account-id', wallet.accountId);
    await waitFor(() => buttonNamed('Email me a code', w.el), 'the sign-in methods');
    expect(alertText(w.el)).to.equal(undefined);
  });

  it('a hidden wallet waiting for its account-id reports nothing (the page sets it after its own sign-in)', async () => {
    const w = watchedWallet({ 'api-base': '/api' }, { hidden: true });
    await new Promise((resolve) => setTimeout(resolve, 2_500));
    expect(w.errors).to.deep.equal([]);
    expect(w.lines).to.deep.equal([]);
  });

  for (const [attribute, value, expected] of [
    ['account-id', 'acct_123', 'InternalAccount:<uuid>'],
    ['otp-target-key', '04abc', '130 characters starting with 04'],
    ['export-key', 'not-a-key', '130 characters starting with 04'],
    ['session-key-mode', 'extractable', '"sealed" or "client-held"'],
    ['max-session-seconds', '15m', 'a whole number of seconds'],
  ] as const) {
    it(`${attribute}="${value}": CONFIG_INVALID_ATTRIBUTE at once, naming it and what it must be; no request`, async () => {
      const wallet = await newWallet();
      const keys = await sandboxKeys();
      const w = watchedWallet({
        'api-base': '/api',
        'account-id': wallet.accountId,
        'otp-target-key': keys.otpTarget,
        'export-key': keys.export,
        [attribute]: value,
      });
      await waitFor(() => w.errors.length > 0, 'the configuration error', 2_000);
      expect(w.errors[0]!.code).to.equal('CONFIG_INVALID_ATTRIBUTE');
      expect(w.errors[0]!.message).to.include(`${attribute}="${value}"`).and.include(expected);
      expect(alertText(w.el)).to.equal(ON_SCREEN);
      expect(w.lines.some((l) => l.includes('CONFIG_INVALID_ATTRIBUTE') && l.includes(attribute))).to.equal(true);
      expect(w.requests).to.deep.equal([]);
    });
  }

  it('organization-id and max-session-seconds reach the client the wallet makes', async () => {
    const wallet = await newWallet();
    const w = watchedWallet({
      'api-base': '/api',
      'account-id': wallet.accountId,
      'organization-id': 'Organization:1',
      'max-session-seconds': '600',
    });
    await waitFor(() => (w.el as EwWallet).client !== undefined, 'the client', 2_000);
    // The resolved options are the client's own; read here only to see the attributes arrived.
    const options = ((w.el as EwWallet).client as unknown as { options: Record<string, unknown> }).options;
    expect({
      organizationId: options['organizationId'],
      maxSessionSeconds: options['maxSessionSeconds'],
    }).to.deep.equal({
      organizationId: 'Organization:1',
      maxSessionSeconds: 600,
    });
  });

  it('two wallets of one account: the same settings both start; different settings, the second says so and starts nothing', async () => {
    const wallet = await newWallet();
    const keys = await sandboxKeys();
    const settings = {
      'api-base': '/api',
      'account-id': wallet.accountId,
      'otp-target-key': keys.otpTarget,
      'export-key': keys.export,
    };
    const first = watchedWallet(settings);
    const twin = watchedWallet(settings);
    await waitFor(() => buttonNamed('Email me a code', first.el) && buttonNamed('Email me a code', twin.el), 'both');
    const other = watchedWallet({ ...settings, 'session-key-mode': 'client-held' });
    await waitFor(() => other.errors.length > 0, 'the conflict', 2_000);
    expect(other.errors[0]!.code).to.equal('CONFIG_CONFLICTING_WALLETS');
    expect(other.errors[0]!.message).to.include(wallet.accountId);
    expect(alertText(other.el)).to.equal(ON_SCREEN);
    expect(first.errors).to.deep.equal([]);
    // The first gone, the other may start.
    first.el.remove();
    twin.el.remove();
    other.el.setAttribute('api-base', '/api/'); // any change re-checks
    await waitFor(() => buttonNamed('Email me a code', other.el), 'the other wallet, alone now');
  });
});
