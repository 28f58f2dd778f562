/** QA switches (session expiry, faults, clock), theme and locale. */
import type * as Widget from '../src/index.js';
import { $, api, approve, wallet } from './page.js';

/** `widget` is the loaded bundle; none in isolated mode, where the page holds only the host script. */
export function wireQa(widget: typeof Widget | undefined): void {
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
  $<HTMLSelectElement>('#locale').addEventListener('change', async (e) => {
    const locale = (e.target as HTMLSelectElement).value === 'es' ? 'es' : 'en';
    // The elements follow the page's lang. Spanish is its own file: fetched first, so the switch is at once.
    await widget?.loadWalletStrings(locale);
    document.documentElement.lang = locale;
  });
}
