/**
 * The elements the package registers, read from the sources (Node tests, no
 * DOM): src/elements/catalog.ts (defined at once) and lazy-elements.ts (the
 * views loaded when first shown, each by its `<name>.lazy.ts`).
 */
import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';

export interface CatalogEntry {
  className: string;
  /** The element's module. */
  path: string;
  /** The tag its `static tag` states. */
  tag: string;
  /** Loaded when first shown (lazy-elements.ts) rather than defined at once. */
  lazy: boolean;
  /** For a lazy element, the tag lazy-elements.ts lists it under. */
  listedAs?: string;
}

const tagOf = (path: string) =>
  /static readonly tag = '([^']+)';/.exec(readFileSync(path, 'utf8'))?.[1] ?? `(no static tag in ${path})`;

function eager(): CatalogEntry[] {
  const source = readFileSync('src/elements/catalog.ts', 'utf8');
  const listed = /export const ELEMENTS = \[([^\]]*)\]/.exec(source)![1]!.match(/\w+/g)!;
  return listed.map((className) => {
    const from = new RegExp(`import \\{ ${className} \\} from '(\\./[^']+)\\.js';`).exec(source)![1]!;
    const path = join('src/elements', `${from}.ts`);
    return { className, path, tag: tagOf(path), lazy: false };
  });
}

function lazy(): CatalogEntry[] {
  const source = readFileSync('src/elements/lazy-elements.ts', 'utf8');
  return [...source.matchAll(/'(ew-[a-z-]+)': lazyElement\('[a-z-]+', \(\) => import\('(\.\/[^']+)\.js'\)\)/g)].map(
    ([, listedAs, from]) => {
      const entry = join('src/elements', `${from}.ts`);
      const [, className, module] = /import \{ (Ew\w+) \} from '(\.\/[^']+)\.js';/.exec(readFileSync(entry, 'utf8'))!;
      const path = join(dirname(entry), `${module}.ts`);
      return { className: className!, path, tag: tagOf(path), lazy: true, listedAs: listedAs! };
    },
  );
}

/** Every element: those defined at once, then the lazy views. */
export const catalog = (): CatalogEntry[] => [...eager(), ...lazy()];
