/** The elements src/elements/catalog.ts lists, read from the sources (Node tests, no DOM). */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';

/** The catalog's elements: class name, module and the tag its `static tag` states. */
export function catalog(): { className: string; path: string; tag: string }[] {
  const source = readFileSync('src/elements/catalog.ts', 'utf8');
  const listed = /export const ELEMENTS = \[([^\]]*)\]/.exec(source)![1]!.match(/\w+/g)!;
  return listed.map((className) => {
    const from = new RegExp(`import \\{ ${className} \\} from '(\\./[^']+)\\.js';`).exec(source)![1]!;
    const path = join('src/elements', `${from}.ts`);
    const tag = /static readonly tag = '([^']+)';/.exec(readFileSync(path, 'utf8'))?.[1];
    return { className, path, tag: tag ?? `(no static tag in ${path})` };
  });
}
