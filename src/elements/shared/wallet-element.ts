/**
 * The base of every element. It holds what they all share, once:
 *
 * - `client` and `strings`: set on the element, or handed down by the
 *   nearest element above that has them (wallet-context.ts, through
 *   `@lit/context`); what the element itself was given wins.
 * - `words`: the strings to draw with (page-wide, handed down, own).
 * - `wallet`: the one user action at a time and its error (ClientController).
 * - `readiness`: `ew-ready` / `ew-load-error` (ReadyController).
 *
 * Composites (`providesWallet`) hand their client, words and token provider
 * down to the elements inside them.
 */
import { ContextConsumer, ContextProvider } from '@lit/context';
import { LitElement, type PropertyValues } from 'lit';
import type { OidcTokenProvider, WalletClient } from '../../client/index.js';
import { mergeOverrides, resolveStrings, type WalletStringOverrides, type WalletStrings } from '../strings/index.js';
import { ClientController } from './client-controller.js';
import { ReadyController } from './ready.js';
import { walletContext, type WalletContext } from './wallet-context.js';

export class WalletElement extends LitElement {
  static override properties = {
    client: { attribute: false, noAccessor: true },
    strings: { attribute: false },
  };

  /** Whether this element hands its client, words and token provider down to the `ew-*` elements inside it. */
  protected static providesWallet = false;
  /** Whether this element takes a client handed down from above (`<ew-wallet>` makes its own). */
  protected static inheritsWallet = true;

  /** Overrides of the user-facing strings (merged over the page's and those handed down). */
  declare strings: WalletStringOverrides | undefined;

  /** The one user action at a time, its progress and its error. */
  protected readonly wallet = new ClientController(this);
  /** `ew-ready` once usable, `ew-load-error` when the first load fails. */
  protected readonly readiness = new ReadyController(this);
  /** What the element above handed down, if anything. */
  protected inherited: WalletContext | undefined;
  private ownClient: WalletClient | undefined;
  private readonly provider: ContextProvider<typeof walletContext> | undefined;

  constructor() {
    super();
    const kind = this.constructor as typeof WalletElement;
    if (kind.inheritsWallet)
      new ContextConsumer(this, {
        context: walletContext,
        subscribe: true,
        callback: (value) => {
          const old = this.client;
          this.inherited = value;
          this.requestUpdate('client', old);
        },
      });
    if (kind.providesWallet) this.provider = new ContextProvider(this, { context: walletContext });
  }

  /** The wallet client: the one you set, or the one handed down by `<ew-wallet>`. */
  get client(): WalletClient | undefined {
    return this.ownClient ?? this.inherited?.client;
  }

  set client(value: WalletClient | undefined) {
    const old = this.client;
    this.ownClient = value;
    this.requestUpdate('client', old);
  }

  /** The words to draw with: the page's, those handed down, and this element's own, in that order. */
  protected get words(): WalletStrings {
    return resolveStrings(mergeOverrides(this.inherited?.strings, this.strings));
  }

  /** The OAuth token provider to use: `own`, else the one handed down. */
  protected tokenProvider(own: OidcTokenProvider | undefined): OidcTokenProvider | undefined {
    return own ?? this.inherited?.oidcTokenProvider;
  }

  protected override willUpdate(changed: PropertyValues): void {
    super.willUpdate(changed);
    if (changed.has('client')) this.readiness.reset();
    this.handDown();
  }

  /** What a composite hands down; `oidcTokenProvider` is the composite's own when it has one. */
  protected handDown(oidcTokenProvider?: OidcTokenProvider): void {
    if (!this.provider) return;
    const next: WalletContext = {
      client: this.client,
      strings: mergeOverrides(this.inherited?.strings, this.strings),
      oidcTokenProvider: this.tokenProvider(oidcTokenProvider),
    };
    const now = this.provider.value as WalletContext | undefined;
    if (
      !now ||
      now.client !== next.client ||
      now.strings !== next.strings ||
      now.oidcTokenProvider !== next.oidcTokenProvider
    )
      this.provider.setValue(next);
  }
}
