/**
 * Phone numbers for `<ew-account-settings>`: a short list of calling codes,
 * digit grouping as the user types, and the strict E.164 form the service
 * takes (ITU-T E.164: `^\+[1-9]\d{1,14}$`). Whether a number exists in its
 * country's numbering plan (lengths, leading digits) is libphonenumber-js's
 * call, in phone-plan/, a file of its own fetched when the phone form opens.
 */
import { loadPhonePlan } from './phone-plan/load-phone-plan.js';

/** A country the form offers: region (ISO 3166-1 alpha-2), calling code, and how national digits are grouped. */
export interface Country {
  region: string;
  code: string;
  /** Sizes of the groups shown (`'334'`: `415 555 0123`); digits past them join the last group. */
  groups: string;
}

/** Common calling codes; the names come from the strings table (`countryName`). */
export const COUNTRIES: readonly Country[] = [
  { region: 'US', code: '1', groups: '334' },
  { region: 'CA', code: '1', groups: '334' },
  { region: 'MX', code: '52', groups: '334' },
  { region: 'GB', code: '44', groups: '46' },
  { region: 'ES', code: '34', groups: '3222' },
  { region: 'DE', code: '49', groups: '47' },
  { region: 'FR', code: '33', groups: '12222' },
  { region: 'BR', code: '55', groups: '254' },
  { region: 'AE', code: '971', groups: '234' },
  { region: 'IN', code: '91', groups: '55' },
];

export const E164 = /^\+[1-9]\d{1,14}$/;

export const countryOf = (region: string): Country => COUNTRIES.find((c) => c.region === region) ?? COUNTRIES[0]!;

/**
 * The national digits shown in groups: `4155550123` -> `415 555 0123`. A
 * trunk `0` people type out of habit (`07911…` in the UK) stays on screen as
 * its own group and is dropped from the E.164 form.
 */
export function formatNational(digits: string, country: Country): string {
  const trunk = /^0*/.exec(digits)![0];
  let rest = digits.slice(trunk.length);
  const out: string[] = trunk ? [trunk] : [];
  const sizes = [...country.groups].map(Number);
  sizes.forEach((size, i) => {
    if (!rest) return;
    const take = i === sizes.length - 1 ? rest.length : size;
    out.push(rest.slice(0, take));
    rest = rest.slice(take);
  });
  return out.join(' ');
}

/** The E.164 number for national digits in `country` (trunk zeros dropped). */
export function toE164(digits: string, country: Country): string {
  return `+${country.code}${digits.replace(/^0+/, '')}`;
}

/**
 * Why `e164` may not be sent: `short` (digits missing for its country's plan),
 * `invalid` (not the service's pattern, too long, or no such number there);
 * undefined when it is a valid number. Any region of a shared calling code
 * will do (+1: a US number chosen as Canada is the same E.164). The plan is
 * checked once its file is here, which a save waits for (account-settings.ts).
 */
export function phoneProblem(e164: string): 'short' | 'invalid' | undefined {
  if (!E164.test(e164)) return 'invalid';
  return loadPhonePlan.current?.planProblem(e164);
}

/** Most national digits the country leaves room for in E.164's 15. */
export const maxNational = (country: Country): number => 15 - country.code.length;

/**
 * A number given with its calling code (`+44 7911 123456`, `0044…`, pasted or
 * from an account): the country and the national digits, when the code is one
 * listed. `preferred` settles codes shared by several regions (+1).
 */
export function splitInternational(
  value: string,
  preferred?: string,
): { country: Country; digits: string } | undefined {
  const match = /^\s*(?:\+|00)(.*)$/.exec(value);
  if (!match) return undefined;
  const all = match[1]!.replace(/\D/g, '');
  const candidates = COUNTRIES.filter((c) => all.startsWith(c.code));
  const country = candidates.find((c) => c.region === preferred) ?? candidates[0];
  return country && { country, digits: all.slice(country.code.length) };
}

/** The region a new number most likely starts in: the current phone's, else the browser language's. */
export function defaultRegion(current: string | undefined, language: string): string {
  let region: string | undefined;
  try {
    // `es` -> ES, `pt` -> BR, `en` -> US: the likely region of a bare language (CLDR likely subtags).
    region = new Intl.Locale(language).maximize().region;
  } catch {
    region = undefined; // not a well-formed language tag
  }
  const fromPhone = current ? splitInternational(current, region)?.country.region : undefined;
  return fromPhone ?? COUNTRIES.find((c) => c.region === region)?.region ?? 'US';
}

/**
 * Where the caret goes after reformatting: just after the same number of
 * digits as before it, so typing or deleting mid-number does not jump to the end.
 */
export function caretAfterDigits(formatted: string, digitsBefore: number): number {
  if (digitsBefore <= 0) return 0;
  let seen = 0;
  for (let i = 0; i < formatted.length; i++) {
    if (/\d/.test(formatted[i]!) && ++seen === digitsBefore) return i + 1;
  }
  return formatted.length;
}

export const digitsOf = (value: string): string => value.replace(/\D/g, '');

/** A number typed with its calling code (`+44…`, `0044…`) rather than in the country chosen. */
export const INTERNATIONAL = /^\s*(\+|00)/;

/** A stored E.164 number as people read it: `+44 7911 123456`. */
export function displayPhone(e164: string): string {
  const split = splitInternational(e164);
  return split ? `+${split.country.code} ${formatNational(split.digits, split.country)}` : e164;
}

/** One edit of the phone field: what it holds now, where its caret is, and how it was changed. */
export interface PhoneEdit {
  /** The field's text after the edit, as the browser left it. */
  raw: string;
  /** The caret's position in `raw`. */
  caret: number;
  /** The field's text before the edit (as last formatted). */
  before: string;
  /** The country chosen beside the field. */
  region: string;
  /** The edit was a Backspace. */
  backspace: boolean;
}

/**
 * The field after an edit, grouped: its text, its country (a pasted `+44…`
 * picks its own) and where the caret goes, kept among the same digits. A
 * calling code still being typed (`+4` before `+44`), or one not listed, is
 * left as typed (undefined), to be refused on save.
 */
export function regroupPhone(edit: PhoneEdit): { value: string; region: string; caret: number } | undefined {
  let country = countryOf(edit.region);
  let digits = digitsOf(edit.raw);
  let caret = digitsOf(edit.raw.slice(0, edit.caret)).length;
  const international = splitInternational(edit.raw, country.region);
  if (international) {
    ({ country, digits } = international);
    caret = digits.length;
  } else if (INTERNATIONAL.test(edit.raw)) {
    return undefined;
  } else if (edit.backspace && digits === digitsOf(edit.before) && caret > 0) {
    // Backspace on a group's space: delete the digit before it (the space alone would come back).
    digits = digits.slice(0, caret - 1) + digits.slice(caret);
    caret--;
  }
  digits = digits.slice(0, maxNational(country));
  const value = formatNational(digits, country);
  return { value, region: country.region, caret: caretAfterDigits(value, caret) };
}
