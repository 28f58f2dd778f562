/**
 * The passkey window's card (open-ceremony.ts): says which ceremony the
 * wallet asks for and why in a window, and runs it on the user's own press
 * of Continue (some engines take a ceremony only inside a press). Drawn only
 * on the frame's origin, opened by the frame (run-window.ts).
 */
import { css, html, LitElement, nothing } from 'lit';
import { themeStyles } from '../../elements/shared/theme.styles.js';
import { windowCardStyles } from '../window-card.js';
import type { CeremonyMessage, PreparingMessage } from './messages.js';
import { passkeyWords } from './passkey-words.js';

export type CardState = 'asking' | 'waiting' | 'done' | 'lost';

/** How long the card is shown before Continue takes a press: a double click that opened the window does not land on it. */
const ARM_MS = 500;

export class EwPasskeyWindow extends LitElement {
  static readonly tag = 'ew-passkey-window';
  static override styles = [
    themeStyles,
    windowCardStyles,
    css`
      h1 {
        margin: 0;
      }
      button {
        width: 100%;
      }
    `,
  ];
  static override properties = {
    ceremony: { attribute: false },
    preparing: { attribute: false },
    state: {},
    armed: { type: Boolean },
  };

  /** What the frame asked for; before it, only that it is getting it ready (or, before either, nothing). */
  declare ceremony: CeremonyMessage | undefined;
  declare preparing: PreparingMessage | undefined;
  declare state: CardState;
  /** Continue takes a press (one begun after ARM_MS of the card on screen). */
  declare armed: boolean;
  /** When the last press on the window began (performance.now()). */
  private pressedAt = -Infinity;
  private armedAt = Infinity;
  private titleFocused = false;
  /** Called on Continue (runs the ceremony) and on Cancel. */
  run: () => void = () => {};
  cancel: () => void = () => {};

  constructor() {
    super();
    this.state = 'asking';
    this.armed = false;
    const press = (event: Event) => {
      if (!(event instanceof KeyboardEvent) || event.key === 'Enter' || event.key === ' ')
        this.pressedAt = performance.now();
    };
    this.addEventListener('pointerdown', press, true);
    this.addEventListener('keydown', press, true);
  }

  /** Continue, pressed: the ceremony runs only for a press begun once the card was armed. */
  private continue(): void {
    if (this.armed && this.pressedAt >= this.armedAt) this.run();
  }

  protected override updated(changed: Map<PropertyKey, unknown>): void {
    const asked = this.ceremony ?? this.preparing;
    if (asked) this.ownerDocument.title = passkeyWords(asked.locale).title[asked.kind];
    // The title takes focus once, as the card first shows (getting ready, or asking at once).
    if (asked && !this.titleFocused) {
      this.titleFocused = true;
      this.renderRoot.querySelector<HTMLElement>('h1')?.focus();
    }
    if (changed.has('ceremony') && this.ceremony) {
      setTimeout(() => {
        this.armedAt = performance.now();
        this.armed = true;
      }, ARM_MS);
    }
  }

  protected override render() {
    const { ceremony, preparing } = this;
    const asked = ceremony ?? preparing;
    const words = passkeyWords(asked?.locale ?? this.ownerDocument.documentElement.lang ?? 'en');
    if (this.state === 'lost') return html`<div part="base"><p part="error" role="alert">${words.lost}</p></div>`;
    if (!asked) return nothing;
    const [before, after] = words.why.split('{site}');
    const waiting = this.state === 'waiting' || !ceremony;
    const status = !ceremony ? words.preparing : this.state === 'waiting' ? words.waiting : undefined;
    return html`<div part="base">
      <h1 tabindex="-1">${words.title[asked.kind]}</h1>
      <p>${before}<strong>${location.host}</strong>${after}</p>
      <p role="status">${status ?? (this.state === 'done' ? words.done : nothing)}</p>
      ${
        this.state === 'done'
          ? nothing
          : html`<button part="continue" type="button" ?disabled=${waiting} @click=${() => this.continue()}>
                ${words.continue}
              </button>
              <button part="cancel" class="secondary" type="button" @click=${() => this.cancel()}>
                ${words.cancel}
              </button>`
      }
    </div>`;
  }
}
