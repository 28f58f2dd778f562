/**
 * Asking before a row's action that cannot be undone (`<ew-credentials>`'s
 * Remove, `<ew-sessions>`' "Sign out device"): its first press turns the row
 * into a question with the action's button and Cancel, one row at a time.
 * Focus goes to the action when the question shows, and back to the row's own
 * button on Cancel or Escape. While the action runs its button shows progress
 * and takes no second press (`aria-disabled`, so focus stays on it); if it
 * fails the question stays, for another try or a Cancel. Once done, what
 * happened is said in a line that takes the focus of the row now gone (the
 * focus move is what a screen reader says: no live region, said once).
 * Another client (another account) starts afresh.
 */
import { adoptStyles, css, html, nothing, type LitElement, type ReactiveController } from 'lit';
import { spinner } from '../icons/icons.js';

/** The question's look: a row of its own under the row's label; the action in the danger colour. */
const confirmStyles = css`
  .confirm {
    flex: 1 1 100%;
    display: grid;
    gap: 8px;
  }
  /* The surface colour on the danger colour: dark text in the dark scheme, light in the light one. */
  button.danger {
    border-color: var(--_danger);
    background: var(--_danger);
    color: var(--_bg);
  }
  button[aria-disabled='true'] {
    cursor: progress;
  }
`;

export interface Question {
  /** What will happen, in plain words. */
  text: string;
  /** The action's button; its words while it runs; Cancel. */
  yes: string;
  busy: string;
  no: string;
  /** The action is running. */
  running: boolean;
  run(): void;
}

type Host = LitElement & { client: unknown };

export class ConfirmRow implements ReactiveController {
  /** The key of the row asking. */
  asking: string | undefined;
  /** What the last action did, said until the next question. */
  notice: string | undefined;
  private client: unknown;

  /** Made at a row's first press, when `host` is drawn: its styles join the host's (they come with this code). */
  constructor(private readonly host: Host) {
    const sheets = (host.constructor as typeof LitElement).elementStyles;
    adoptStyles(host.renderRoot as ShadowRoot, [...sheets, confirmStyles]);
    this.client = host.client;
    host.addController(this);
  }

  hostUpdate(): void {
    if (this.host.client === this.client) return;
    this.client = this.host.client;
    this.asking = this.notice = undefined;
  }

  /** The row's own button was pressed: it asks (another row asking stops). */
  ask(key: string): Promise<void> {
    this.asking = key;
    this.notice = undefined;
    return this.focus('[data-yes]');
  }

  cancel(): Promise<void> {
    const key = this.asking;
    this.asking = undefined;
    return this.focus('[data-ask]', key);
  }

  /** The action went through (its row leaves the list): say so where the focus was. */
  done(notice: string): Promise<void> {
    this.asking = undefined;
    this.notice = notice;
    return this.focus('[data-notice]');
  }

  /** Focuses the first match of `selector` (with `data-ask` equal to `key`, if given) once drawn. */
  private async focus(selector: string, key?: string): Promise<void> {
    this.host.requestUpdate();
    await this.host.updateComplete;
    const found = [...this.host.renderRoot.querySelectorAll<HTMLElement>(selector)];
    found.find((el) => key === undefined || el.dataset['ask'] === key)?.focus();
  }

  /** The question, drawn in the asking row in place of its button. */
  question(q: Question) {
    const escape = (event: KeyboardEvent) => {
      if (event.key !== 'Escape' || q.running) return;
      event.stopPropagation(); // handled: a dialog around the element stays open
      void this.cancel();
    };
    return html`<div class="confirm" role="group" aria-labelledby="confirm-text" @keydown=${escape}>
      <p id="confirm-text">${q.text}</p>
      <div class="row">
        <button
          class="danger"
          type="button"
          data-yes
          aria-disabled=${q.running ? 'true' : 'false'}
          @click=${() => q.running || q.run()}
        >
          ${q.running ? html`${spinner()}${q.busy}` : q.yes}
        </button>
        <button class="secondary" type="button" ?disabled=${q.running} @click=${() => this.cancel()}>${q.no}</button>
      </div>
    </div>`;
  }

  /** The line saying what the last action did (focusable only by script: it holds the focus of the row removed). */
  status() {
    return this.notice ? html`<p part="message" tabindex="-1" data-notice>${this.notice}</p>` : nothing;
  }
}
