/**
 * The passkey window's own words. Only the window says them, so they ship in
 * its script alone; no host replaces them.
 */
interface PasskeyWords {
  title: { get: string; create: string };
  /** Why this window, with `{site}` for the wallet's host. */
  why: string;
  continue: string;
  cancel: string;
  /** While the wallet gets the request ready (the window opened before it was). */
  preparing: string;
  waiting: string;
  done: string;
  lost: string;
}

const WORDS: Record<string, PasskeyWords> = {
  en: {
    title: { get: 'Sign in with your passkey', create: 'Add a passkey' },
    why: 'Your browser asks for passkeys in a window of their own. Continue to use your passkey for your wallet on {site}.',
    continue: 'Continue',
    cancel: 'Cancel',
    preparing: 'Getting ready…',
    waiting: 'Waiting for your passkey…',
    done: 'Done. You can close this window.',
    lost: 'This window is no longer connected to your wallet. Close it and try again.',
  },
  es: {
    title: { get: 'Inicia sesión con tu llave de acceso', create: 'Agrega una llave de acceso' },
    why: 'Tu navegador pide las llaves de acceso en una ventana aparte. Continúa para usar tu llave de acceso en tu billetera de {site}.',
    continue: 'Continuar',
    cancel: 'Cancelar',
    preparing: 'Preparando…',
    waiting: 'Esperando tu llave de acceso…',
    done: 'Listo. Puedes cerrar esta ventana.',
    lost: 'Esta ventana ya no está conectada a tu billetera. Ciérrala e inténtalo de nuevo.',
  },
};

/** The words of `locale`'s language, English where the window has none. */
export function passkeyWords(locale: string): PasskeyWords {
  const language = locale.split('-')[0]!.toLowerCase();
  // Own keys only: a locale such as "constructor" is not a language.
  return Object.hasOwn(WORDS, language) ? WORDS[language]! : WORDS['en']!;
}
