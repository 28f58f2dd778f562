/**
 * The base of every element. It holds what they all share, once:
 *
 * - `client` and `strings`: set on the element, or handed down by the
 *   nearest element above that has them (wallet-context.ts, through
 *   `@lit/context`); what the element itself was given wins.
 * - `locale` and `resolvedLocale`: the locale it speaks (shared/locale.ts),
 *   handed down like the client.
 * - `text`: the strings to draw with (the locale's, page-wide, handed down, own).
 * - `wallet`: the one user action at a time and its error (ClientController).
 * - `readiness`: `ew-ready` / `ew-load-error` (ReadyController).
 *
 * Composites (`providesWallet`) hand their client, words and token provider
 * down to the elements inside them.
 */
import { ContextConsumer, ContextProvider } from '@lit/context';
import { LitElement, type PropertyDeclarations, type PropertyValues } from 'lit';
import type { OidcTokenProvider, WalletClient } from '../../client/index.js';
import {
  localeTable,
  mergeOverrides,
  resolveStrings,
  STRINGS_EN,
  type WalletStringOverrides,
  type WalletStrings,
} from '../strings/index.js';
import { EwErrorEvent } from '../events/error.js';
import { EwSignedInEvent, type EwSignedInDetail } from '../events/signed-in.js';
import { ClientController } from './client-controller.js';
import { LocaleController } from './locale.js';
import { ReadyController } from './ready.js';
import { reportSetupProblem } from './setup-problem.js';
import { walletContext, type WalletContext } from './wallet-context.js';

export class WalletElement extends LitElement {
  static override properties: PropertyDeclarations = {
    client: { attribute: false, noAccessor: true },
    strings: { attribute: false },
    locale: { reflect: false },
  };

  /** Whether this element hands its client, words and token provider down to the `ew-*` elements inside it. */
  protected static providesWallet = false;
  /** Whether this element takes a client handed down from above (`<ew-wallet>` makes its own). */
  protected static inheritsWallet = true;
  /** Whether this element announces the sign-ins of its client itself (`<ew-wallet>`, from the client's state). */
  protected static announcesSignIns = false;
  /** Whether this element has the live region that says its views' state changes (`<ew-wallet>`). */
  protected static hasLiveRegion = false;
  /** Whether the element is usable (`ew-ready`) as soon as it is drawn with a client (it reads nothing first). */
  protected static readyOnceDrawn = false;

  /** Overrides of the user-facing strings (merged over the page's and those handed down). */
  declare strings: WalletStringOverrides | undefined;
  /**
   * The locale of its words, numbers, currencies, dates and times (a BCP 47 tag, e.g. `es-MX`).
   * Default: the wallet's it sits in, else the nearest `lang` attribute, else the browser's.
   */
  declare locale: string | undefined;

  /** The one user action at a time, its progress and its error. */
  protected readonly wallet = new ClientController(this);
  /** `ew-ready` once usable, `ew-load-error` when the first load fails. */
  protected readonly readiness = new ReadyController(this);
  /** What the element above handed down, if anything. */
  protected inherited: WalletContext | undefined;
  private ownClient: WalletClient | undefined;
  private readonly locales = new LocaleController(this);
  private spoken: string | undefined;
  /** Whether `frame` was refused already (shouldUpdate). */
  private refusedFrame = false;
  private readonly provider: ContextProvider<typeof walletContext> | undefined;

  constructor() {
    super();
    const kind = this.constructor as typeof WalletElement;
    if (kind.inheritsWallet)
      new ContextConsumer(this, {
        context: walletContext,
        subscribe: true,
        // Undefined while the element above has not drawn yet (a host's children connect first).
        callback: (value: WalletContext | undefined) => {
          const old = this.inherited;
          const client = this.client;
          this.inherited = value;
          if (this.client !== client) this.requestUpdate('client', client);
          // Words handed down count as a change of `strings` (what is said changed).
          if (value?.strings !== old?.strings) this.requestUpdate('strings', this.strings);
          this.requestUpdate();
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

  /** The locale it speaks now: `locale`, else the one handed down, the nearest `lang`, the browser's. */
  get resolvedLocale(): string {
    return (this.spoken ??= this.locales.resolve(this.locale, this.inherited?.locale));
  }

  /** The words to draw with: the locale's, the page's, those handed down, and this element's own, in that order. */
  protected get text(): WalletStrings {
    const table = localeTable(this.resolvedLocale);
    return resolveStrings(
      table instanceof Promise ? STRINGS_EN : table,
      mergeOverrides(this.inherited?.strings, this.strings),
    );
  }

  /**
   * Before each update: the locale again (a `lang` on the page may have changed; a change counts
   * as a change of `resolvedLocale`), and its words, waited for so a Spanish page never flashes English.
   */
  protected override scheduleUpdate(): void | Promise<unknown> {
    const old = this.spoken;
    this.spoken = this.locales.resolve(this.locale, this.inherited?.locale);
    if (old !== undefined && old !== this.spoken) this.requestUpdate('resolvedLocale', old);
    const table = localeTable(this.spoken);
    // Once the words are here, the locale is worked out again: a `lang` changed meanwhile counts.
    return table instanceof Promise ? table.then(() => this.scheduleUpdate()) : super.scheduleUpdate();
  }

  /** Whether an element above announces this client's sign-ins (it handed the client down and says it does). */
  private get signInsAnnouncedAbove(): boolean {
    return !!this.inherited?.announcesSignIns && this.client === this.inherited.client;
  }

  /** Announces a sign-in this element made (`ew-signed-in`), unless the element above does. */
  protected announceSignIn(detail: EwSignedInDetail): void {
    if (!this.signInsAnnouncedAbove) this.dispatchEvent(new EwSignedInEvent(detail));
  }

  /** The OAuth token provider to use: the element's own `oidcTokenProvider` if it takes one, else the one handed down. */
  protected get tokenProvider(): OidcTokenProvider | undefined {
    return (this as { oidcTokenProvider?: OidcTokenProvider }).oidcTokenProvider ?? this.inherited?.oidcTokenProvider;
  }

  protected override willUpdate(changed: PropertyValues): void {
    super.willUpdate(changed);
    if (changed.has('client')) this.readiness.reset();
    this.handDown();
  }

  protected override updated(changed: PropertyValues): void {
    super.updated(changed);
    if ((this.constructor as typeof WalletElement).readyOnceDrawn && this.client) this.readiness.ready();
  }

  /**
   * `frame` asks for isolated mode, which the host script's elements give (host.ts). This element
   * would run the wallet in the page instead, what the partner asked not to: with `frame` it draws
   * nothing, makes no client, and says why (once).
   */
  protected override shouldUpdate(changed: PropertyValues): boolean {
    if (!this.hasAttribute('frame')) return super.shouldUpdate(changed);
    if (!this.refusedFrame) {
      this.refusedFrame = true;
      const info = {
        code: 'CONFIG_FRAME_NEEDS_HOST_SCRIPT',
        message: `<${this.localName} frame>: isolated mode needs embedded-wallet-host.js (or the /host import), not the full bundle, on this page`,
        operation: 'load',
      };
      reportSetupProblem(info);
      this.readiness.failed(info);
      this.dispatchEvent(new EwErrorEvent(info));
    }
    return false;
  }

  /** What a composite hands down to the elements inside it. */
  private handDown(): void {
    if (!this.provider) return;
    const next: WalletContext = {
      client: this.client,
      strings: mergeOverrides(this.inherited?.strings, this.strings),
      locale: this.resolvedLocale,
      oidcTokenProvider: this.tokenProvider,
      announcesSignIns: (this.constructor as typeof WalletElement).announcesSignIns || this.signInsAnnouncedAbove,
      liveRegion: (this.constructor as typeof WalletElement).hasLiveRegion || !!this.inherited?.liveRegion,
    };
    const now = this.provider.value as WalletContext | undefined;
    if (
      !now ||
      now.client !== next.client ||
      now.strings !== next.strings ||
      now.locale !== next.locale ||
      now.oidcTokenProvider !== next.oidcTokenProvider ||
      now.announcesSignIns !== next.announcesSignIns ||
      now.liveRegion !== next.liveRegion
    )
      this.provider.setValue(next);
  }
}
