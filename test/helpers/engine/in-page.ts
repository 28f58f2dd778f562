/**
 * The page half of the engine drivers (./driver.ts), bundled into one script
 * and installed in every page they open (before the page's own scripts where
 * the automation can, right after load where it cannot: WebKit). It finds
 * elements as a user names them (role and accessible name, label, text)
 * through open shadow roots, aims the real pointer at them, and records what
 * a page complains about. Driver-side code reaches it as `window.__ewDriver`.
 */
import { deepElementFromPoint, deepQueryAll } from '../deep-dom.js';
import { installPageAuthenticator } from '../page-authenticator.js';

/** A text to match: a string (see each use) or a serialised RegExp. */
export type TextMatch = string | { pattern: string; flags: string };

export interface Query {
  /** An ARIA role, implicit (a `<button>`) or explicit. */
  role?: keyof typeof ROLES;
  /** The accessible name, exactly (whitespace collapsed) or by pattern. */
  name?: TextMatch;
  /** A form control by the text of its label, exactly. */
  label?: string;
  /** A CSS selector, matched in the document and every open shadow root. */
  css?: string;
  /** Alone: the innermost elements whose text contains it. With `css` or `role`: a filter on their text. */
  text?: TextMatch;
  /** Only inside the elements matching this CSS selector (through shadow roots). */
  within?: string;
  /** Which match, when several are expected (actions otherwise refuse an ambiguous query). */
  nth?: number;
  /**
   * For a click: what to scroll into view instead of the element, a CSS selector of one of its
   * ancestors (through shadow roots), as a user scrolls to read a whole approval card, not only its button.
   */
  reading?: string;
}

const ROLES = {
  button: 'button, input[type=button], input[type=submit], [role=button]',
  checkbox: 'input[type=checkbox], [role=checkbox]',
  textbox: 'input:not([type]), input[type=text], input[type=email], input[type=tel], textarea, [role=textbox]',
  combobox: 'select, [role=combobox]',
  alert: '[role=alert]',
  status: '[role=status], output',
  link: 'a[href], [role=link]',
  heading: 'h1, h2, h3, h4, h5, h6, [role=heading]',
} as const;

const collapse = (text: string) => text.replace(/\s+/g, ' ').trim();

function matches(text: string, expected: TextMatch, exact: boolean): boolean {
  const value = collapse(text);
  if (typeof expected !== 'string') return new RegExp(expected.pattern, expected.flags).test(value);
  return exact ? value === collapse(expected) : value.includes(collapse(expected));
}

function visible(el: Element): boolean {
  if (typeof el.checkVisibility === 'function') return el.checkVisibility({ visibilityProperty: true });
  return el.getClientRects().length > 0;
}

/** Text as the accessibility tree sees it: hidden parts left out. */
function renderedText(node: Node): string {
  if (node.nodeType === Node.TEXT_NODE) return node.textContent ?? '';
  if (!(node instanceof Element)) return '';
  if (node.getAttribute('aria-hidden') === 'true' || (node instanceof HTMLElement && node.hidden)) return '';
  if (getComputedStyle(node).display === 'none') return '';
  const children = node.shadowRoot ? node.shadowRoot.childNodes : node.childNodes;
  if (node instanceof HTMLSlotElement) return node.assignedNodes({ flatten: true }).map(renderedText).join('');
  return [...children].map(renderedText).join(' ');
}

/** The accessible name (the parts of the algorithm our pages use). */
function accessibleName(el: Element): string {
  const root = el.getRootNode() as Document | ShadowRoot;
  const labelledBy = el.getAttribute('aria-labelledby');
  if (labelledBy)
    return labelledBy
      .split(/\s+/)
      .map((id) => root.getElementById(id))
      .map((ref) => (ref ? renderedText(ref) : ''))
      .join(' ');
  const label = el.getAttribute('aria-label');
  if (label) return label;
  const labels = (el as HTMLInputElement).labels;
  if (labels?.length) return [...labels].map(renderedText).join(' ');
  if (el instanceof HTMLInputElement && (el.type === 'button' || el.type === 'submit')) return el.value;
  if (el.matches(ROLES.button + ',' + ROLES.link + ',' + ROLES.heading)) return renderedText(el);
  return el.getAttribute('title') ?? '';
}

/** Every visible element the query names, in document order of their roots. */
export function find(query: Query): Element[] {
  const scopes: (Document | Element)[] = query.within ? deepQueryAll(query.within) : [document];
  const inScopes = (selector: string) => [
    ...new Set(scopes.flatMap((scope) => deepQueryAll<Element>(selector, scope))),
  ];
  let found: Element[];
  if (query.role) found = inScopes(ROLES[query.role]);
  else if (query.label !== undefined) found = inScopes('input, select, textarea, [role=textbox], [role=checkbox]');
  else found = inScopes(query.css ?? '*');
  if (query.css && (query.role || query.label !== undefined)) found = found.filter((el) => el.matches(query.css!));
  found = found.filter(visible);
  if (query.name !== undefined) found = found.filter((el) => matches(accessibleName(el), query.name!, true));
  if (query.label !== undefined) found = found.filter((el) => matches(accessibleName(el), query.label!, true));
  if (query.text !== undefined) {
    found = found.filter((el) => matches(renderedText(el), query.text!, false));
    // Text alone names the innermost elements holding it, as a user would point at it.
    if (!query.css && !query.role && query.label === undefined)
      found = found.filter((el) => !found.some((other) => other !== el && el.contains(other)));
  }
  return found;
}

/** `el` or its nearest ancestor matching `selector`, across shadow roots; `el` itself if none does. */
function closestDeep(el: Element, selector: string): Element {
  for (let at: Element | null = el; at;) {
    if (at.matches(selector)) return at;
    at = at.parentElement ?? ((at.getRootNode() as ShadowRoot).host || null);
  }
  return el;
}

/** What a query names, described for an error message. */
const describe = (query: Query) => JSON.stringify(query);

/** The one element an action is aimed at, or why there is none. */
function target(query: Query): Element | string {
  const found = find(query);
  if (query.nth !== undefined) return found[query.nth] ?? `no match #${query.nth} for ${describe(query)}`;
  if (found.length === 0) return `nothing matches ${describe(query)}`;
  if (found.length > 1) return `${found.length} elements match ${describe(query)}; name one (nth)`;
  return found[0]!;
}

/**
 * Where to click the element: its centre in viewport pixels once it is scrolled
 * into view, enabled and the topmost thing under that point; otherwise why not yet.
 */
export function aim(query: Query): { x: number; y: number } | { wait: string } {
  const el = target(query);
  if (typeof el === 'string') return { wait: el };
  // Into view first, as a user scrolls to a button (or what it is part of) before waiting for it to turn on.
  const read = query.reading ? closestDeep(el, query.reading) : el;
  read.scrollIntoView({ block: 'center', inline: 'center' });
  if ((el as HTMLButtonElement).disabled || el.getAttribute('aria-disabled') === 'true')
    return { wait: `${describe(query)} is disabled` };
  const box = el.getBoundingClientRect();
  const x = Math.round(box.x + box.width / 2);
  const y = Math.round(box.y + box.height / 2);
  const hit = deepElementFromPoint(x, y);
  const onTarget = hit !== null && (hit === el || el.contains(hit) || el.shadowRoot?.contains(hit) === true);
  return onTarget ? { x, y } : { wait: `${describe(query)} is covered by <${hit?.localName}>` };
}

/** Focuses a text field and selects its content, so typing replaces it. */
export function focusForTyping(query: Query): string | undefined {
  const el = target(query);
  if (typeof el === 'string') return el;
  (el as HTMLElement).focus();
  if (el instanceof HTMLInputElement || el instanceof HTMLTextAreaElement) el.select();
  return undefined;
}

/** Chooses an option of a `<select>` by its text or value, as the user's choice would (input + change). */
export function selectOption(query: Query, option: { label?: string; value?: string }): string | undefined {
  const el = target(query);
  if (typeof el === 'string') return el;
  if (!(el instanceof HTMLSelectElement)) return `${describe(query)} is not a <select>`;
  const chosen = [...el.options].find((o) =>
    option.value !== undefined ? o.value === option.value : collapse(o.text) === collapse(option.label ?? ''),
  );
  if (!chosen) return `${describe(query)} has no option ${JSON.stringify(option)}`;
  el.value = chosen.value;
  el.dispatchEvent(new Event('input', { bubbles: true }));
  el.dispatchEvent(new Event('change', { bubbles: true }));
  return undefined;
}

/** Facts of the matches: how many, and the text, an attribute and the checked state of one. */
export function read(query: Query, attribute?: string) {
  const found = find(query);
  const el = found[query.nth ?? 0];
  return {
    count: found.length,
    text: el ? collapse(renderedText(el)) : undefined,
    attribute: el && attribute ? el.getAttribute(attribute) : null,
    checked: el ? (el as HTMLInputElement).checked === true : false,
  };
}

const problems: string[] = [];
let watching = false;

/**
 * Records CSP violations; with `errors: true` (for engines whose automation
 * reports neither console messages nor page errors) also uncaught errors,
 * unhandled rejections and console.error.
 */
export function watch(options: { errors: boolean }): void {
  if (watching) return;
  watching = true;
  document.addEventListener('securitypolicyviolation', (e) =>
    problems.push(`CSP violation: ${e.violatedDirective} blocked ${e.blockedURI || '(inline)'} at ${e.sourceFile}`),
  );
  if (options.errors) {
    addEventListener('error', (e) => problems.push(`uncaught: ${e.message}`));
    addEventListener('unhandledrejection', (e) => problems.push(`unhandled rejection: ${String(e.reason)}`));
    const error = console.error.bind(console);
    console.error = (...args: unknown[]) => {
      problems.push(`console.error: ${args.map(String).join(' ')}`);
      error(...args);
    };
  }
}

export const recorded = () => [...problems];

export const installAuthenticator = () => installPageAuthenticator();
