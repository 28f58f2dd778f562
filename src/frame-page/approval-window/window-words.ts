/**
 * The confirmation window's own words, beside the approval's (strings/): its
 * title and button, and what it says when it has no frame to answer. Only
 * the window says them, so they ship in its script alone; like every word on
 * a payment, no host replaces them.
 */
interface WindowWords {
  confirm: string;
  lost: string;
}

const WORDS: Record<string, WindowWords> = {
  en: {
    confirm: 'Confirm payment',
    lost: 'This window is no longer connected to your wallet. Close it and press Approve again.',
  },
  es: {
    confirm: 'Confirmar pago',
    lost: 'Esta ventana ya no está conectada a tu billetera. Ciérrala y pulsa Aprobar de nuevo.',
  },
};

/** The words of `locale`'s language, English where the window has none. */
export function windowWords(locale: string): WindowWords {
  const language = locale.split('-')[0]!.toLowerCase();
  // Own keys only: a locale such as "constructor" is not a language.
  return Object.hasOwn(WORDS, language) ? WORDS[language]! : WORDS['en']!;
}
