/**
 * The gallery's acceptance checks, run on every state it pictures (and at
 * 320 px): every target at least 44 px, nothing drawn past the wallet's box,
 * no English words in a Spanish state, every amount and rate equal to what
 * `Intl` says for the element's locale, axe's WCAG rules, no CSP violation.
 * Each returns what it found wrong, one line per problem.
 */
import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import type { Page } from 'playwright';
import { STRINGS_EN } from '../../../src/elements/strings/en.js';
import { STRINGS_ES } from '../../../src/elements/strings/es.js';

const require = createRequire(import.meta.url);
/** WCAG 2.5.5's size for a target (the issue's floor), less half a pixel of rounding. */
const MIN_TARGET = 44 - 0.5;

interface Facts {
  targets: { what: string; width: number; height: number }[];
  overflow: string[];
  texts: string[];
  amounts: { text: string; locale: string | undefined }[];
  times: { text: string; datetime: string; locale: string | undefined }[];
  csp: string[];
}

/** The page-side function, as an expression (its final semicolon dropped). */
const factsSource = readFile(new URL('./page-facts.js', import.meta.url), 'utf8').then((s) =>
  s.trim().replace(/;$/, ''),
);
const axeSource = readFile(require.resolve('axe-core/axe.min.js'), 'utf8');

/** How much the checks measured over a run: the gallery test asserts each is not zero. */
export const tally = { targets: 0, amounts: 0, texts: 0, times: 0 };

/** Before the demo loads: CSP violations are written down from the first one. */
export async function recordCspViolations(page: Page): Promise<void> {
  await page.addInitScript(() => {
    const seen: string[] = ((window as unknown as { __cspViolations: string[] }).__cspViolations = []);
    document.addEventListener('securitypolicyviolation', (e) =>
      seen.push(`${e.violatedDirective} blocked ${e.blockedURI || '(inline)'}`),
    );
  });
}

/** The English words that a Spanish state must not show (those the two tables say alike are fine). */
const ENGLISH_ONLY = Object.entries(STRINGS_EN)
  .filter(
    ([key, value]) => typeof value === 'string' && value !== (STRINGS_ES as unknown as Record<string, unknown>)[key],
  )
  .map(([, value]) => value as string);

/** Everything wrong with the wallet as it stands on `page`, in a state spoken in `locale`. */
export async function acceptanceProblems(
  page: Page,
  locale: 'en' | 'es',
  options: { axe: boolean },
): Promise<string[]> {
  const facts = (await page.evaluate(`(${await factsSource})('#wallet')`)) as Facts;
  // A check that measured nothing cannot fail: the wallet always has something to aim at.
  const problems = facts.targets.length ? [] : ['no targets found: the checks measured nothing'];
  problems.push(
    ...facts.targets
      .filter((t) => t.width < MIN_TARGET || t.height < MIN_TARGET)
      .map((t) => `target under 44 px: ${t.what} is ${t.width.toFixed(1)}x${t.height.toFixed(1)}`),
    ...facts.overflow.map((line) => `overflow: ${line}`),
    ...facts.amounts
      .filter((a) => !intlSays(a.text, a.locale))
      .map((a) => `not Intl's ${a.locale} format: "${a.text}"`),
    ...facts.times.filter((t) => !intlDates(t)).map((t) => `not Intl's ${t.locale} date or time: "${t.text}"`),
    // Each figure's element speaks the state's language (an element left in English passes Intl's check for English).
    ...[...facts.amounts, ...facts.times]
      .filter((a) => a.locale?.split('-')[0] !== locale)
      .map((a) => `"${a.text}" drawn in ${a.locale}, not ${locale}`),
    ...facts.csp.map((line) => `CSP violation: ${line}`),
  );
  tally.targets += facts.targets.length;
  tally.amounts += facts.amounts.length;
  tally.texts += facts.texts.length;
  tally.times += facts.times.length;
  if (locale === 'es') problems.push(...englishIn(facts.texts));
  if (options.axe) problems.push(...(await axeViolations(page)));
  return problems;
}

/**
 * The English words of the table's sentences with blanks (`signedInAs(name)`, `resendIn(s)`):
 * each called with a marker for its blanks, the pieces around the markers of eight characters
 * or more that the Spanish sentence does not also have.
 */
const MARK = '\u0001';
const pieces = (words: unknown): string[] => {
  try {
    const text = String((words as (...a: string[]) => unknown)(MARK, MARK, MARK));
    return text
      .split(MARK)
      .map((piece) => piece.trim())
      .filter((piece) => piece.length >= 8);
  } catch {
    return []; // a sentence that needs a real value (a country code): its words are checked elsewhere
  }
};
const ENGLISH_PIECES = Object.entries(STRINGS_EN)
  .filter(([, value]) => typeof value === 'function')
  .flatMap(([key, value]) => {
    const spanish = pieces((STRINGS_ES as unknown as Record<string, unknown>)[key]);
    return pieces(value).filter((piece) => !spanish.includes(piece));
  });

function englishIn(texts: string[]): string[] {
  const problems = ENGLISH_ONLY.filter((english) =>
    texts.some((text) => text === english || (english.length >= 12 && text.includes(english))),
  ).map((english) => `English in Spanish: "${english}"`);
  for (const piece of ENGLISH_PIECES)
    if (texts.some((text) => text.includes(piece))) problems.push(`English in Spanish: "${piece}"`);
  for (const text of texts)
    if (/\b\d{1,2}:\d{2}\s?(AM|PM)\b|\$\d/.test(text)) problems.push(`US format in Spanish: "${text}"`);
  return problems;
}

/**
 * Whether `text` is what Intl writes for its own number in `locale`: an amount in one of the
 * currencies the demo uses (two decimals), or a rate "1 USD = 17.2031 MXN" (at most four).
 */
function intlSays(text: string, locale: string | undefined): boolean {
  const rate = /^1 ([A-Z]{3}) = (.+) ([A-Z]{3})$/.exec(text);
  if (rate) {
    const { group, decimal } = separators(locale);
    const value = Number(rate[2]!.split(group).join('').replace(decimal, '.'));
    return new Intl.NumberFormat(locale, { maximumFractionDigits: 4 }).format(value) === rate[2];
  }
  const minor = Number(text.replace(/\D/g, ''));
  return ['USD', 'MXN', 'EUR'].some(
    (currency) =>
      new Intl.NumberFormat(locale, {
        style: 'currency',
        currency,
        minimumFractionDigits: 2,
        maximumFractionDigits: 2,
      }).format(minor / 100) === text,
  );
}

/** The styles the elements write dates and times in: a `<time>` must read as one of them in its locale. */
const DATE_STYLES: Intl.DateTimeFormatOptions[] = [
  { dateStyle: 'medium', timeStyle: 'short' },
  { dateStyle: 'medium' },
  { timeStyle: 'short' },
  { hour: 'numeric', minute: '2-digit' },
];

function intlDates({
  text,
  datetime,
  locale,
}: {
  text: string;
  datetime: string;
  locale: string | undefined;
}): boolean {
  const date = new Date(datetime);
  return DATE_STYLES.some(
    (style) => new Intl.DateTimeFormat(locale, { ...style, timeZone: 'UTC' }).format(date) === text,
  );
}

function separators(locale: string | undefined): { group: string; decimal: string } {
  const parts = new Intl.NumberFormat(locale).formatToParts(12345.6);
  return {
    group: parts.find((p) => p.type === 'group')?.value ?? ',',
    decimal: parts.find((p) => p.type === 'decimal')?.value ?? '.',
  };
}

/** axe-core's WCAG 2.x A/AA rules on the wallet (shadow roots included), loaded into the page by the driver (CSP does not apply). */
async function axeViolations(page: Page): Promise<string[]> {
  if (!(await page.evaluate('typeof window.axe === "object"'))) await page.evaluate(await axeSource);
  return (await page.evaluate(`
    axe.run(document.querySelector('#wallet'), {
      runOnly: { type: 'tag', values: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'] },
      resultTypes: ['violations'],
    }).then((result) => result.violations.flatMap((v) =>
      v.nodes.map((n) => 'axe ' + v.id + ': ' + v.help + ' at ' + JSON.stringify(n.target))))
  `)) as string[];
}
