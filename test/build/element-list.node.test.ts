/**
 * One list of elements: src/elements/catalog.ts, each class stating its own
 * tag. Registration reads the catalog; the manifest, the root exports, the
 * tag-name map, the React/Vue typings and the docs' index must name the same
 * elements, and the typings must be what the build writes from the manifest.
 */
import { expect } from 'chai';
import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { describe, it } from 'node:test';
import { manifestElements, OUTPUT, renderElementTypes } from '../../scripts/element-types.mjs';
import { catalog } from '../helpers/element-catalog.js';

const manifest = JSON.parse(readFileSync('custom-elements.json', 'utf8')) as Parameters<typeof manifestElements>[0];

describe('one list of elements', () => {
  const listed = catalog();
  const declared = manifestElements(manifest);

  it('the catalog and the manifest name the same elements, each under the tag its module states', () => {
    expect(listed.map((e) => `${e.tag} ${e.className} ${e.path}`).sort()).to.deep.equal(
      declared.map((e) => `${e.tag} ${e.className} ${e.path}`).sort(),
    );
  });

  it("each element's module adds its tag to HTMLElementTagNameMap", () => {
    for (const e of listed)
      expect(readFileSync(e.path, 'utf8'), e.path).to.include(
        `interface HTMLElementTagNameMap {\n    '${e.tag}': ${e.className};`,
      );
  });

  it('a lazy view is listed under the tag its class states, and loads only through lazy-elements.ts', () => {
    const lazy = listed.filter((e) => e.lazy);
    expect(lazy.length).to.be.greaterThan(0);
    for (const e of lazy) expect(e.listedAs, e.className).to.equal(e.tag);
  });

  it('the root exports every element class: a value when defined at once, a type for a lazy view', () => {
    const index = readFileSync('src/elements/index.ts', 'utf8');
    const exported = [...index.matchAll(/export (type )?\{ (Ew\w+) \} from '(\.[^']+)\.js';/g)].map(
      ([, type, name, from]) => `${type ? 'type ' : ''}${name} ${join('src/elements', `${from}.ts`)}`,
    );
    expect(exported.sort()).to.deep.equal(listed.map((e) => `${e.lazy ? 'type ' : ''}${e.className} ${e.path}`).sort());
    expect(readFileSync('src/index.ts', 'utf8')).to.include("export * from './elements/index.js';");
  });

  it('the React/Vue typings are what the build writes from the manifest', async () => {
    const committed = readFileSync(OUTPUT, 'utf8');
    expect(committed === (await renderElementTypes(manifest)), `${OUTPUT} is stale: run \`npm run build\``).to.equal(
      true,
    );
    for (const e of declared) {
      expect(committed, e.tag).to.include(`'${e.tag}': {`);
      for (const a of e.attributes) expect(committed, `${e.tag} ${a.name}`).to.match(new RegExp(`'?${a.name}'?\\?:`));
    }
  });

  it("the docs' element index has one row per element", () => {
    const docs = readFileSync('docs/elements.md', 'utf8');
    const table = docs.slice(docs.indexOf('## The parts'));
    const rows = [...table.matchAll(/^\| `<(ew-[a-z-]+)>`/gm)].map((m) => m[1]);
    expect(rows.sort()).to.deep.equal(declared.map((e) => e.tag).sort());
  });

  it('the typings name the attributes <ew-wallet> takes that the old hand-kept list missed', () => {
    const committed = readFileSync(OUTPUT, 'utf8');
    expect(committed).to.include("'organization-id'?: Attribute<EwWallet['organizationId']>");
    expect(committed).to.include("'max-session-seconds'?: Attribute<EwWallet['maxSessionSeconds']>");
    expect(dirname(OUTPUT)).to.equal('src/jsx');
  });
});
