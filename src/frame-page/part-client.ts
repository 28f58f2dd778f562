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
  SessionKeyMode,
  WalletClient,
  WalletClientOptions,
} from '../client/index.js';
import { clientOptions, type WalletAttributes } from '../elements/wallet/client-options.js';
import type { FrameConfig } from './config.js';

type ClientClass = new (options: WalletClientOptions) => WalletClient;
type Part = HTMLElement & { client: WalletClient | undefined; oidcTokenProvider?: OidcTokenProvider };

/** The wallet's attributes as frame.json gives them (those `<ew-wallet>` reads in-page), with the host's wallet. */
function attributesOf(attributes: FrameConfig['attributes'], accountId: string, customerId: string | null) {
  const a = attributes;
  return {
    accountId,
    customerId: customerId ?? undefined,
    apiBase: a['api-base'],
    sessionKeyMode: a['session-key-mode'] as SessionKeyMode | undefined,
    otpTargetKey: a['otp-target-key'],
    exportKey: a['export-key'],
    rpId: a['rp-id'],
    organizationId: a['organization-id'],
    maxSessionSeconds: a['max-session-seconds'],
    dangerouslyTrustUnpinnedSandbox: 'dangerously-trust-unpinned-sandbox' in a,
    transport: undefined,
  } satisfies WalletAttributes;
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
        ? new WalletClient(
            clientOptions(attributesOf(config.attributes, accountId, customerId), hooks.passkeyCeremonyElsewhere),
          )
        : undefined;
  };
}
