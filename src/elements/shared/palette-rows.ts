/**
 * The theme's colours, one row each: its private name, its public name
 * (`--ew-color-<name>` and `--ew-color-<name>-dark`), its light default and
 * its dark default. theme-palette.ts makes the declarations from them; the
 * frame page checks a host's colours against them (isolated mode); the
 * manifest reads them (custom-elements-manifest.config.mjs). No imports: the
 * frame's script takes them without lit.
 */
export const PALETTE = [
  // private name, public name (`--ew-color-<name>` and `--ew-color-<name>-dark`), light, dark
  ['accent', 'accent', '#3b3fd8', '#a8b4ff'],
  ['on-accent', 'on-accent', '#ffffff', '#10121f'],
  ['bg', 'surface', '#ffffff', '#17161b'],
  ['raised', 'raised', '#f4f3f8', '#24232a'],
  ['fg', 'text', '#1c1b1f', '#eeedf2'],
  ['muted', 'muted', '#55525e', '#b9b6c2'],
  ['border', 'border', '#8a8694', '#55525e'],
  ['danger', 'danger', '#b3261e', '#ffb4ab'],
  ['success', 'success', '#146c2e', '#8fdba2'],
] as const;
