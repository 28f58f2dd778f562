/**
 * The client of a part used on its own in the frame (`<ew-sessions frame>`):
 * in-page, the page gives a part its client; in isolated mode no host may, so
 * the frame makes it, from frame.json's attributes (where calls go, the keys
 * to pin) and the host's `account-id` and `customer-id`, with the frame's
 * passkey and OAuth hooks. It is the script-tag bundle's own `WalletClient`
 * (the page's `EmbeddedWallet`), so every part of the frame shares one client
 * code, and with it the frame origin's stored sessions.
 */
import type {
  OidcTokenProvider,
  PasskeyCeremonyElsewhere,
  WalletClient,
  WalletClientOptions,
} from '../client/index.js';
import type { FrameConfig } from './config.js';

type ClientClass = new (options: WalletClientOptions) => WalletClient;
type Part = HTMLElement & { client: WalletClient | undefined; oidcTokenProvider?: OidcTokenProvider };

/** The client options frame.json's attributes give (the same attributes `<ew-wallet>` reads in-page). */
function optionsOf(attributes: FrameConfig['attributes'], accountId: string, customerId: string | null) {
  const a = attributes;
  return {
    accountId,
    apiBase: a['api-base']!,
    ...(customerId ? { customerId } : {}),
    ...(a['session-key-mode']
      ? { sessionKeyMode: a['session-key-mode'] as WalletClientOptions['sessionKeyMode'] }
      : {}),
    ...(a['rp-id'] ? { rpId: a['rp-id'] } : {}),
    ...(a['organization-id'] ? { organizationId: a['organization-id'] } : {}),
    ...(a['max-session-seconds'] ? { maxSessionSeconds: Number(a['max-session-seconds']) } : {}),
    enclaveKeys: {
      ...(a['otp-target-key'] ? { otpTarget: a['otp-target-key'] } : {}),
      ...(a['export-key'] ? { export: a['export-key'] } : {}),
    },
    dangerouslyTrustUnpinnedSandbox: 'dangerously-trust-unpinned-sandbox' in a,
    readCredentialsAhead: true,
  } satisfies WalletClientOptions;
}

/** Keeps `part`'s client made for its `account-id` and `customer-id`; call it after each attribute change. */
export function partClient(
  view: Window,
  config: FrameConfig,
  hooks: { passkeyCeremonyElsewhere: PasskeyCeremonyElsewhere; oidcTokenProvider: OidcTokenProvider | undefined },
): (part: HTMLElement) => void {
  let made = '';
  return (element) => {
    const part = element as Part;
    const accountId = part.getAttribute('account-id') ?? '';
    const customerId = part.getAttribute('customer-id');
    if (`${accountId} ${customerId}` === made) return;
    made = `${accountId} ${customerId}`;
    part.client?.close();
    if (hooks.oidcTokenProvider) part.oidcTokenProvider = hooks.oidcTokenProvider;
    const WalletClient = (view as Window & { EmbeddedWallet?: { WalletClient: ClientClass } }).EmbeddedWallet
      ?.WalletClient;
    // Without an account there is nothing to make yet (the host sets it after its own sign-in).
    part.client =
      accountId && WalletClient
        ? new WalletClient({
            ...optionsOf(config.attributes, accountId, customerId),
            passkeyCeremonyElsewhere: hooks.passkeyCeremonyElsewhere,
          })
        : undefined;
  };
}
