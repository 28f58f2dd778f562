/**
 * The theme's public custom properties (`--ew-*`, docs/elements.md, "Theming") that cross
 * to the frame in isolated mode: the host reads their computed values and
 * sends them as values, never as CSS text; the frame checks each by its kind
 * (frame-page/theme-check.ts) before it applies any. The colour names are the
 * public ones of src/elements/shared/theme-palette.ts (a test holds the two
 * lists together); it is not imported here, so the host script stays free of lit.
 */

/** The colours, each also as `-dark` for the dark scheme. */
export const THEME_COLORS = [
  'accent',
  'on-accent',
  'surface',
  'raised',
  'text',
  'muted',
  'border',
  'danger',
  'success',
] as const;

export type ThemeKind = 'color' | 'length' | 'font';

/** Every token the host may send, by its custom property's name, with its kind. */
export const THEME_TOKENS: ReadonlyMap<string, ThemeKind> = new Map<string, ThemeKind>([
  ...THEME_COLORS.flatMap((name) => [
    [`--ew-color-${name}`, 'color'] as const,
    [`--ew-color-${name}-dark`, 'color'] as const,
  ]),
  ['--ew-radius', 'length'],
  ['--ew-spacing', 'length'],
  ['--ew-font-size', 'length'],
  ['--ew-font-family', 'font'],
  ['--ew-font-family-mono', 'font'],
]);
