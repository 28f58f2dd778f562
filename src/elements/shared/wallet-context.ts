/**
 * What an element hands down to the `ew-*` elements inside it (its shadow
 * root, its slotted children): the wallet client, the host's words, the
 * locale and the OAuth token provider. `<ew-wallet>` is the usual source; a composite used
 * on its own (`<ew-sign-in>`, `<ew-approve-quote>`) hands down its own.
 */
import { createContext } from '@lit/context';
import type { OidcTokenProvider, WalletClient } from '../../client/index.js';
import type { WalletStringOverrides } from '../strings/index.js';

export interface WalletContext {
  client: WalletClient | undefined;
  strings: WalletStringOverrides | undefined;
  /** The locale the element handing down speaks (shared/locale.ts). */
  locale: string;
  oidcTokenProvider: OidcTokenProvider | undefined;
  /** The element handing `client` down announces its sign-ins itself (`<ew-wallet>`), so the elements inside stay quiet. */
  announcesSignIns: boolean;
  /** An element above says state changes (sign-in, sign-out, receipts) in its one live region: those inside stay quiet. */
  liveRegion: boolean;
}

export const walletContext = createContext<WalletContext>(Symbol('embedded-wallet-elements.wallet'));
