// `custom-elements.json` from the elements' JSDoc (@tagname, @event, @slot,
// @csspart) and lit's `static properties`; `npm run build` writes it and a
// node test fails when the committed copy is stale. The shared theme's
// `--ew-*` custom properties are read from theme.styles.ts and its colours
// from theme-palette.ts (one source each), and listed on every element, since
// every element takes them.
import { readFileSync } from 'node:fs';

const THEME_FILE = 'src/elements/shared/theme.styles.ts';
const PALETTE_FILE = 'src/elements/shared/palette-rows.ts';

/** What each theme token styles; `-dark` variants are the same token in the dark theme. */
const TOKEN_PURPOSE = {
  'color-accent': 'Accent: primary buttons, links and focus rings',
  'color-on-accent': 'Text on the accent colour',
  'color-surface': 'Background',
  'color-raised': 'Background of raised areas (cards, code, lists)',
  'color-text': 'Text',
  'color-muted': 'Secondary text',
  'color-border': 'Borders and input outlines',
  'color-danger': 'Errors and destructive actions',
  'color-success': 'Success messages',
  radius: 'Corner radius',
  'font-family': 'Font family',
  'font-family-mono': 'Font family of account ids, the address and the recovery phrase',
  'font-size': 'Base font size',
  spacing: 'Base spacing unit',
};

function themeProperties() {
  const source = readFileSync(THEME_FILE, 'utf8');
  // The colours come from the PALETTE rows: [private name, public name, light default, dark default].
  const palette = readFileSync(PALETTE_FILE, 'utf8');
  const rows = [...palette.matchAll(/\['[a-z-]+', '([a-z-]+)', '(#[0-9a-f]+)', '(#[0-9a-f]+)'\]/g)];
  if (rows.length === 0) throw new Error(`${PALETTE_FILE}: no PALETTE rows found`);
  const tokens = [
    ...rows.map(([, name, , dark]) => [`color-${name}-dark`, dark]),
    ...rows.map(([, name, light]) => [`color-${name}`, light]),
    ...[...source.matchAll(/var\(--ew-([a-z-]+),\s*([^;]+?)\)(?:;|\s*$)/gm)].map(([, name, fallback]) => [
      name,
      fallback,
    ]),
  ];
  const found = new Map();
  for (const [name, fallback] of tokens) {
    if (found.has(name)) continue;
    const dark = name.endsWith('-dark');
    const purpose = TOKEN_PURPOSE[dark ? name.slice(0, -'-dark'.length) : name];
    if (!purpose)
      throw new Error(`${THEME_FILE}: --ew-${name} has no description in custom-elements-manifest.config.mjs`);
    found.set(name, {
      name: `--ew-${name}`,
      default: fallback.trim(),
      description: dark ? `${purpose} (dark theme)` : purpose,
    });
  }
  return [...found.values()];
}

/**
 * Tidies what the analyzer gets wrong for our elements: internal `state: true`
 * properties (private fields) are not attributes, and a `dispatchEvent(new X())`
 * it could not name (or named after its argument) is already listed by its `@event` tag.
 */
const tidy = {
  name: 'tidy-elements',
  packageLinkPhase({ customElementsManifest }) {
    const theme = themeProperties();
    // The analyzer lists modules in the order its globbing finished; sorted, the file is reproducible.
    customElementsManifest.modules.sort((a, b) => a.path.localeCompare(b.path));
    for (const mod of customElementsManifest.modules) {
      for (const declaration of mod.declarations ?? []) {
        if (!declaration.customElement) continue;
        const hidden = new Set(
          (declaration.members ?? [])
            .filter((m) => m.privacy === 'private' || m.privacy === 'protected')
            .map((m) => m.name),
        );
        declaration.attributes = (declaration.attributes ?? []).filter((a) => !hidden.has(a.fieldName ?? a.name));
        for (const member of declaration.members ?? []) if (hidden.has(member.name)) delete member.attribute;
        // The analyzer names an event it cannot read after the argument (`new EwErrorEvent(info)`): its @event tag lists it.
        declaration.events = (declaration.events ?? []).filter((e) => /^ew-[a-z-]+$/.test(e.name ?? ''));
        const own = declaration.cssProperties ?? [];
        const names = new Set(own.map((p) => p.name));
        declaration.cssProperties = [...own, ...theme.filter((p) => !names.has(p.name))];
      }
    }
  },
};

export default {
  // The shared base (client, strings) is read so that every element lists what it inherits.
  globs: ['src/elements/**/*.ts'],
  exclude: ['src/elements/**/*.styles.ts', 'src/elements/shared/!(wallet-element).ts', 'src/elements/strings/**'],
  outdir: '.',
  litelement: true,
  packagejson: false, // package.json names the manifest itself; the analyzer must not rewrite it
  plugins: [tidy],
};
