/**
 * The gallery's acceptance checks, run on every state it pictures (and at
 * 320 px), in Chromium by the gallery and in Firefox and WebKit by
 * engines.page.test.ts: every target at least 44 px, nothing drawn past the
 * wallet's box, no English words in a Spanish state, every amount, rate and
 * time equal to what the engine's own `Intl` says for the element's locale,
 * axe's WCAG rules, no CSP violation. Each returns what it found wrong, one
 * line per problem.
 */
import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { STRINGS_EN } from '../../../src/elements/strings/en.js';
import { STRINGS_ES } from '../../../src/elements/strings/es.js';

const require = createRequire(import.meta.url);
/** WCAG 2.5.5's size for a target (the issue's floor), less half a pixel of rounding. */
const MIN_TARGET = 44 - 0.5;

/** How the checks are run over: the width, theme, accent and language the demo's switches set. */
export interface Variant {
  name: string;
  title: string;
  width: number;
  theme: '' | 'dark';
  accent?: string;
  locale: 'en' | 'es';
}

export const VARIANTS: Variant[] = [
  { name: 'light-1024', title: 'Light, 1024 px', width: 1024, theme: '', locale: 'en' },
  { name: 'light-375', title: 'Light, 375 px', width: 375, theme: '', locale: 'en' },
  { name: 'dark-375', title: 'Dark, 375 px', width: 375, theme: 'dark', locale: 'en' },
  { name: 'accent-1024', title: 'Custom accent, 1024 px', width: 1024, theme: '', accent: '#0a7d4f', locale: 'en' },
  { name: 'es-375', title: 'Spanish, 375 px', width: 375, theme: '', locale: 'es' },
];
/** The narrowest phone the checks also hold at, in English and Spanish (no picture, no axe). */
export const NARROW = 320;

/**
 * Runs a self-contained function in the demo page: Playwright's `page.evaluate`
 * or the engine driver's `Tab.evaluate`. The automation runs it, so the page's
 * CSP does not apply.
 */
export type InPage = <T, A>(fn: (arg: A) => T | Promise<T>, arg: A) => Promise<Awaited<T>>;

interface Facts {
  targets: { what: string; width: number; height: number }[];
  overflow: string[];
  texts: string[];
  amounts: { text: string; locale: string | undefined; intl: boolean }[];
  times: { text: string; locale: string | undefined; intl: boolean }[];
  csp: string[];
}

/** page-facts.js as a function the automation can send (its source, called on the selector). */
const pageFacts = readFile(new URL('./page-facts.js', import.meta.url), 'utf8').then(
  (s) => new Function('selector', `return (${s.trim().replace(/;$/, '')})(selector);`) as (selector: string) => Facts,
);
/** axe-core's script, as a function that installs `window.axe` where it runs. */
const installAxe = readFile(require.resolve('axe-core/axe.min.js'), 'utf8').then(
  (s) => new Function(`${s}\n;return typeof window.axe;`) as () => string,
);

/** Page-side: whether the approval on the page (if any) is armed (it stays focusable while it arms: `aria-disabled="false"`). */
export function approveArmed(): boolean {
  const submit = document.querySelector('#approve')?.shadowRoot?.querySelector('[part~="submit"]');
  return !submit || submit.getAttribute('aria-disabled') === 'false';
}

/**
 * Page-side: whether nothing in the wallet (nested shadow roots included) is still loading: no
 * `aria-busy="true"`, no skeleton. A walk with a stack, not a recursive helper: tsx would wrap a
 * named inner function in a helper the page does not have.
 */
export function walletSettled(): boolean {
  const roots: ParentNode[] = [document.querySelector('#wallet')!];
  for (let root = roots.pop(); root; root = roots.pop()) {
    if (root.querySelector('[aria-busy="true"], .skeleton')) return false;
    for (const el of root.querySelectorAll('*')) if (el.shadowRoot) roots.push(el.shadowRoot);
  }
  return true;
}

/** How much the checks measured over a run: the gallery test asserts each is not zero. */
export const tally = { targets: 0, amounts: 0, texts: 0, times: 0 };

/** An init script: CSP violations are written down from the first one (page-facts.js reads them). */
export function recordCspViolations(): void {
  const seen: string[] = ((window as unknown as { __cspViolations: string[] }).__cspViolations = []);
  document.addEventListener('securitypolicyviolation', (e) =>
    seen.push(`${e.violatedDirective} blocked ${e.blockedURI || '(inline)'}`),
  );
}

/** The English words that a Spanish state must not show (those the two tables say alike are fine). */
const ENGLISH_ONLY = Object.entries(STRINGS_EN)
  .filter(
    ([key, value]) => typeof value === 'string' && value !== (STRINGS_ES as unknown as Record<string, unknown>)[key],
  )
  .map(([, value]) => value as string);

/** Everything wrong with the wallet as it stands on `page`, in a state spoken in `locale`. */
export async function acceptanceProblems(
  inPage: InPage,
  locale: 'en' | 'es',
  options: { axe: boolean },
): Promise<string[]> {
  const facts = await inPage(await pageFacts, '#wallet');
  // A check that measured nothing cannot fail: the wallet always has something to aim at.
  const problems = facts.targets.length ? [] : ['no targets found: the checks measured nothing'];
  problems.push(
    ...facts.targets
      .filter((t) => t.width < MIN_TARGET || t.height < MIN_TARGET)
      .map((t) => `target under 44 px: ${t.what} is ${t.width.toFixed(1)}x${t.height.toFixed(1)}`),
    ...facts.overflow.map((line) => `overflow: ${line}`),
    ...facts.amounts.filter((a) => !a.intl).map((a) => `not Intl's ${a.locale} format: "${a.text}"`),
    ...facts.times.filter((t) => !t.intl).map((t) => `not Intl's ${t.locale} date or time: "${t.text}"`),
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
  if (options.axe) problems.push(...(await axeViolations(inPage)));
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

/** axe-core's WCAG 2.x A/AA rules on the wallet (shadow roots included), installed by the automation (CSP does not apply). */
async function axeViolations(inPage: InPage): Promise<string[]> {
  const installed = await inPage(() => typeof (window as unknown as { axe?: object }).axe, undefined);
  if (installed !== 'object' && (await inPage(await installAxe, undefined)) !== 'object')
    throw new Error('axe-core did not install in the page');
  return inPage(async () => {
    const axe = (window as unknown as { axe: AxeRunner }).axe;
    const result = await axe.run(document.querySelector('#wallet')!, {
      runOnly: { type: 'tag', values: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'] },
      resultTypes: ['violations'],
    });
    return result.violations.flatMap((v) =>
      v.nodes.map((n) => `axe ${v.id}: ${v.help} at ${JSON.stringify(n.target)}: ${n.failureSummary}`),
    );
  }, undefined);
}

interface AxeRunner {
  run(
    context: Element,
    options: object,
  ): Promise<{ violations: { id: string; help: string; nodes: { target: unknown; failureSummary: string }[] }[] }>;
}
