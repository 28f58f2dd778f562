/**
 * The layers of docs/architecture.md, checked on every relative import in src/ (static
 * and dynamic): one direction of dependency. Elements know the client and the
 * protocol's types, never crypto; the client knows protocol and crypto;
 * protocol knows crypto; crypto knows nothing above it; the relay and the
 * sandbox are their own stacks over protocol types, and the sandbox's crypto
 * is its own (an independent implementation, so it can check ours).
 * `packaging/` (the version, lazy modules and where the script tag's lazy
 * files are fetched from) sits below them all; the entry points (index, define, iife) above them all.
 */
import { expect } from 'chai';
import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { describe, it } from 'node:test';

const SRC = resolve('src');
const ENTRY_POINTS = ['index', 'define', 'iife', 'host', 'frame', 'approval-window', 'passkey-window', 'oauth-return'];

/** What each part may import besides itself (`packaging` is open to every part). */
const ALLOWED: Record<string, string[]> = {
  elements: ['client', 'protocol'],
  client: ['protocol', 'crypto'],
  protocol: ['crypto'],
  crypto: [],
  relay: ['protocol'],
  sandbox: ['protocol'],
  jsx: ['elements'],
  'frame-link': [],
  'frame-page': ['frame-link', 'protocol', 'elements', 'client'],
  'host-elements': ['frame-link', 'elements'],
  packaging: [],
};

function* sources(dir: string): Generator<string> {
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) yield* sources(path);
    else if (entry.name.endsWith('.ts')) yield path;
  }
}

/** The part of src/ a file belongs to: its top folder, or its own name for a file at the top. */
const partOf = (file: string) =>
  relative(SRC, file)
    .split('/')[0]!
    .replace(/\.(ts|js)$/, '');

const IMPORT = /(?:\bfrom\s*|\bimport\s*\(\s*|\bimport\s+)['"](\.{1,2}\/[^'"]+)['"]/g;

describe('layers: one direction of dependency (docs/architecture.md)', () => {
  it('every relative import in src/ goes down the layers, never up or across', () => {
    const wrong: string[] = [];
    let imports = 0;
    for (const file of sources(SRC)) {
      const from = partOf(file);
      for (const [, specifier] of readFileSync(file, 'utf8').matchAll(IMPORT)) {
        const target = resolve(dirname(file), specifier!);
        if (!target.startsWith(SRC)) continue; // package.json and the like
        imports++;
        const to = partOf(target);
        if (to === from || to === 'packaging' || ENTRY_POINTS.includes(from)) continue;
        if (ENTRY_POINTS.includes(to) || !(ALLOWED[from] ?? []).includes(to)) {
          wrong.push(`${relative(SRC, file)} imports ${specifier} (${from} -> ${to})`);
        }
      }
    }
    expect(imports, 'relative imports seen').to.be.greaterThan(200);
    expect(wrong).to.deep.equal([]);
  });

  it('catches an import that goes up (the check itself works)', () => {
    const line = "import { WalletClient } from '../../client/index.js';";
    const [match] = [...line.matchAll(IMPORT)];
    expect(match?.[1]).to.equal('../../client/index.js');
    expect(ALLOWED['crypto']).not.to.include(partOf(resolve(SRC, 'crypto/x/../../client/index.ts')));
  });
});
