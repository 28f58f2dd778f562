// src/jsx/element-types.ts, written from custom-elements.json: what each `ew-*`
// tag takes in a template (its attributes and its property-only members), so
// the React and Vue typings never drift from the elements. `npm run build`
// writes it after the manifest; test/build/element-list.node.test.ts fails
// when the committed file differs from what this writes.
//   node scripts/element-types.mjs [--write]
import { readFileSync, writeFileSync } from 'node:fs';
import { format, resolveConfig } from 'prettier';

export const OUTPUT = 'src/jsx/element-types.ts';

/** Every registered element of the manifest: tag, class, module, attributes and property-only members. */
export function manifestElements(manifest) {
  const found = [];
  for (const mod of manifest.modules) {
    for (const d of mod.declarations ?? []) {
      if (!d.customElement || !d.tagName) continue;
      const attributes = (d.attributes ?? []).filter((a) => a.fieldName);
      const byAttribute = new Set(attributes.map((a) => a.fieldName));
      const properties = (d.members ?? [])
        .filter(
          (m) => m.kind === 'field' && m.privacy === 'public' && !m.static && !m.readonly && !byAttribute.has(m.name),
        )
        .map((m) => m.name);
      found.push({ tag: d.tagName, className: d.name, path: mod.path, attributes, properties });
    }
  }
  return found.sort((a, b) => a.tag.localeCompare(b.tag));
}

/** The text of src/jsx/element-types.ts for `manifest`, formatted as the repository formats code. */
export async function renderElementTypes(manifest) {
  const text = unformatted(manifest);
  return format(text, { ...(await resolveConfig(OUTPUT)), filepath: OUTPUT });
}

function unformatted(manifest) {
  const elements = manifestElements(manifest);
  const classes = elements.map((e) => e.className).sort();
  const entry = (e) => {
    const attributes = e.attributes.map((a) => `      '${a.name}'?: Attribute<${e.className}['${a.fieldName}']>;`);
    const properties = e.properties.map((p) => `'${p}'`).join(' | ');
    return [
      `  '${e.tag}': {`,
      `    element: ${e.className};`,
      attributes.length ? `    attributes: {\n${attributes.join('\n')}\n    };` : '    attributes: object;',
      `    properties: ${properties ? `Partial<Pick<${e.className}, ${properties}>>` : 'object'};`,
      '  };',
    ].join('\n');
  };
  return `// Written by scripts/element-types.mjs from custom-elements.json (\`npm run build\`); do not edit.
/**
 * What each \`ew-*\` tag takes in a template, framework-neutral: its attributes
 * (kebab-case, as written in markup), its property-only members, and the
 * events it fires. The React and Vue typings are built from these.
 */
import type {
${classes.map((c) => `  ${c},`).join('\n')}
} from '../elements/index.js';

/** Every \`ew-*\` event by name, with its event class. */
export type EwEventMap = {
  [K in keyof GlobalEventHandlersEventMap as K extends \`ew-\${string}\` ? K : never]: GlobalEventHandlersEventMap[K];
};

/** An attribute's value in markup: a number may be written as text. */
type Attribute<T> = T extends number ? T | string : T;

export interface EwElements {
${elements.map(entry).join('\n')}
}
`;
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const text = await renderElementTypes(JSON.parse(readFileSync('custom-elements.json', 'utf8')));
  if (process.argv.includes('--write')) writeFileSync(OUTPUT, text);
  else process.stdout.write(text);
}
