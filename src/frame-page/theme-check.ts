/**
 * The host's theme values, checked in the frame before any is applied
 * (isolated mode): the host page may restyle the wallet, never hide or blur
 * what the user reads before signing. A colour must be opaque and, with the
 * others of its scheme, keep text at WCAG's 4.5:1 on its background (it is
 * applied as the sRGB value measured, not as the text given); a length
 * must keep text readable and the layout whole; a font must be one of a short
 * list of text faces. What fails is not applied (the frame keeps its own) and
 * is said, by name.
 */
import { THEME_TOKENS, type ThemeKind } from '../frame-link/theme-tokens.js';
import { PALETTE } from '../elements/shared/palette-rows.js';

/** Text and what it is drawn on, by public colour name: each pair must keep 4.5:1. */
const PAIRS = [
  ['text', 'surface'],
  ['text', 'raised'],
  ['muted', 'surface'],
  ['muted', 'raised'],
  ['on-accent', 'accent'],
  ['accent', 'surface'],
  ['danger', 'surface'],
  ['success', 'surface'],
] as const;
const MIN_CONTRAST = 4.5;

/** Lengths in CSS pixels (a rem is 16): text no smaller than 12 px, no box that swallows the card. */
const RANGES: Record<string, [number, number]> = {
  '--ew-font-size': [12, 24],
  '--ew-radius': [0, 24],
  '--ew-spacing': [4, 24],
};

/** Faces that draw text as text (no symbol or dingbat fonts, which would hide digits in plain sight). */
const FONTS = new Set([
  'system-ui',
  '-apple-system',
  'blinkmacsystemfont',
  'sans-serif',
  'serif',
  'monospace',
  'ui-sans-serif',
  'ui-serif',
  'ui-monospace',
  'ui-rounded',
  'segoe ui',
  'roboto',
  'helvetica neue',
  'helvetica',
  'arial',
  'inter',
  'noto sans',
  'dejavu sans',
  'dejavu sans mono',
  'sf mono',
  'menlo',
  'consolas',
  'courier new',
  'georgia',
  'times new roman',
]);

/**
 * Colour syntaxes taken: hex and the colour functions with literal components. Never a name (system
 * colours such as `Canvas` follow the frame's scheme, not the value checked) nor a colour derived from
 * another (`rgb(from currentcolor …)` would be the text's own colour in CSS, black on the canvas).
 */
const COLOR = /^(#[0-9a-f]{3,8}|(rgba?|hsla?|hwb|lab|lch|oklab|oklch|color)\([-+.%\s\d,/a-z0-9]*\))$/i;
const DERIVED = /\b(from|currentcolor|var|env|calc|attr)\b/i;
/** A colour the canvas keeps when it cannot read the one given (its `fillStyle` ignores what it cannot parse). */
const SENTINEL = '#010203';

export interface ThemeCheck {
  /** The values to apply. */
  apply: Record<string, string>;
  /** Why each refused value was refused, in words for the partner's console. */
  refused: string[];
}

type Rgb = [number, number, number];

export function checkTheme(doc: Document, values: Record<string, string>): ThemeCheck {
  const apply: Record<string, string> = {};
  const refused: string[] = [];
  const colors = new Map<string, Rgb>();
  for (const [name, raw] of Object.entries(values)) {
    const value = raw.trim();
    const kind = THEME_TOKENS.get(name);
    const problem = kind ? checkValue(doc, kind, name, value, colors) : 'is not a theme property';
    if (problem) refused.push(`${name}: ${JSON.stringify(value)} ${problem}`);
    // A colour is applied as the sRGB value checked, not as the text given: what was measured is drawn.
    else apply[name] = kind === 'color' ? `rgb(${colors.get(name)!.join(' ')})` : value;
  }
  // Each scheme's colours together: one pair below 4.5:1 and none of that scheme's is taken.
  for (const suffix of ['', '-dark']) {
    const low = lowContrast(colors, suffix);
    if (!low) continue;
    refused.push(`the ${suffix ? 'dark' : 'light'} colours: ${low}; none of them is applied`);
    for (const name of Object.keys(apply))
      if (name.startsWith('--ew-color-') && name.endsWith('-dark') === (suffix === '-dark')) delete apply[name];
  }
  return { apply, refused };
}

function checkValue(doc: Document, kind: ThemeKind, name: string, value: string, colors: Map<string, Rgb>) {
  if (kind === 'color') {
    if (!COLOR.test(value) || DERIVED.test(value) || !CSS.supports('color', value)) return 'is not a colour';
    const rgba = toRgba(doc, value);
    if (!rgba) return 'is not a colour';
    if (rgba[3] !== 255) return 'is not opaque';
    colors.set(name, [rgba[0], rgba[1], rgba[2]]);
    return undefined;
  }
  if (kind === 'length') {
    const match = /^(\d{1,3}(?:\.\d{1,3})?)(px|rem)$/.exec(value);
    const [min, max] = RANGES[name]!;
    const px = match ? Number(match[1]) * (match[2] === 'rem' ? 16 : 1) : Number.NaN;
    return px >= min && px <= max ? undefined : `must be from ${min} to ${max} px (px or rem)`;
  }
  const families = value.split(',').map((f) =>
    f
      .trim()
      .replace(/^(['"])(.*)\1$/, '$2')
      .toLowerCase(),
  );
  const unknown = families.find((f) => !FONTS.has(f));
  return unknown === undefined ? undefined : `names "${unknown}", not one of the text faces taken`;
}

/** The colour as sRGB bytes and alpha, drawn on a one-pixel canvas; undefined when the canvas cannot read it. */
function toRgba(doc: Document, value: string): [number, number, number, number] | undefined {
  const context = doc.createElement('canvas').getContext('2d', { willReadFrequently: true });
  if (!context) return undefined;
  context.canvas.width = context.canvas.height = 1;
  context.fillStyle = SENTINEL;
  context.fillStyle = value;
  if (context.fillStyle === SENTINEL) return undefined;
  context.fillRect(0, 0, 1, 1);
  const [r, g, b, a] = context.getImageData(0, 0, 1, 1).data;
  return [r!, g!, b!, a!];
}

/** The first pair of `suffix`'s scheme below 4.5:1, said with its ratio; the frame's own colours fill in. */
function lowContrast(colors: Map<string, Rgb>, suffix: string): string | undefined {
  const given = (name: string) => colors.has(`--ew-color-${name}${suffix}`);
  if (!PAIRS.some(([fg, bg]) => given(fg) || given(bg))) return undefined;
  const color = (name: string): Rgb => colors.get(`--ew-color-${name}${suffix}`) ?? defaultColor(name, suffix);
  for (const [fg, bg] of PAIRS) {
    const ratio = contrast(color(fg), color(bg));
    if (ratio < MIN_CONTRAST) return `${fg} on ${bg} is ${ratio.toFixed(2)}:1 (needs ${MIN_CONTRAST}:1)`;
  }
  return undefined;
}

function defaultColor(name: string, suffix: string): Rgb {
  const row = PALETTE.find(([, publicName]) => publicName === name)!;
  const hex = suffix ? row[3] : row[2];
  return [1, 3, 5].map((i) => parseInt(hex.slice(i, i + 2), 16)) as Rgb;
}

/** WCAG 2's contrast ratio of two sRGB colours. */
function contrast(a: Rgb, b: Rgb): number {
  const luminance = ([r, g, b]: Rgb) => {
    const [lr, lg, lb] = [r, g, b].map((c) => {
      const s = c / 255;
      return s <= 0.04045 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4;
    });
    return 0.2126 * lr! + 0.7152 * lg! + 0.0722 * lb!;
  };
  const [la, lb] = [luminance(a), luminance(b)];
  return (Math.max(la, lb) + 0.05) / (Math.min(la, lb) + 0.05);
}
