/**
 * Citations a reader of this repository can follow. A comment (or a test
 * name, or any string) in src/, scripts/ or test/ that cites a document cites
 * one in docs/ or a public standard by number (RFC 9180, EIP-55, WebAuthn
 * L3); it never cites a document that is not in the repository (the
 * reference notes the code was first built from, or "spec 4.9" / "Part 7" of
 * the service's interface description) nor an issue tracker entry. Each
 * `docs/<name>.md` that a file in src/ names must exist.
 *
 * This file is exempt from the scan: it has to spell the forms it refuses.
 */
import { expect } from 'chai';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join, relative, resolve } from 'node:path';
import { describe, it } from 'node:test';
import { fileURLToPath } from 'node:url';

const ROOT = resolve('.');
const SELF = relative(ROOT, fileURLToPath(import.meta.url));

/** What may not be cited, each with the name a failure shows. */
const FORBIDDEN: readonly (readonly [string, RegExp])[] = [
  // The reference notes, by file name (their lower-case namesakes in docs/ are fine: docs/protocol.md).
  ['PROTOCOL.md', /\bPROTOCOL\.md\b/],
  ['DESIGN.md', /\bDESIGN\.md\b/],
  ['STYLE.md', /\bSTYLE\.md\b/],
  ['service-interface.md', /\bservice-interface\.md\b/i],
  // Sections of the service's interface description: "spec 4.9", "Spec 2.10", "spec Part 7", "spec Parts 2.1".
  ['spec <section>', /\bspec\s+\d/i],
  ['spec Part', /\bspec\s+parts?\b/i],
  // "Part 7", "Parts 4.9 and 5.8", "Part 7-shaped": a capitalised Part and a number is a section citation.
  ['Part <n>', /\bParts?\s+\d+(?:\.\d+)*/],
  // Issue tracker entries: "issue 12", "issue #12", "Issues 11 and 12", and an issue's
  // acceptance criteria: "(issue: sandbox and relay, acceptance 4)".
  ['issue <n>', /\bissues?\s+#?\d+/i],
  ['acceptance <n>', /\bacceptance\s+\d/i],
];

/** A `docs/<name>.md` path (also under a folder of docs/, e.g. docs/gallery/x.md). */
const DOCS_PATH = /\bdocs\/[\w./-]*?\.md\b/g;

const EXTENSIONS = ['.ts', '.mts', '.mjs'];

function* files(dir: string): Generator<string> {
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    if (entry.name === 'node_modules' || entry.name.startsWith('.')) continue;
    const path = join(dir, entry.name);
    if (entry.isDirectory()) yield* files(path);
    else if (EXTENSIONS.some((ext) => entry.name.endsWith(ext))) yield relative(ROOT, path);
  }
}

/** `file:line: text` for every line of `file` with a forbidden citation. */
function citationsIn(file: string, text: string): string[] {
  const hits: string[] = [];
  text.split('\n').forEach((line, i) => {
    const found = FORBIDDEN.filter(([, pattern]) => pattern.test(line)).map(([name]) => name);
    if (found.length > 0) hits.push(`${file}:${i + 1}: ${line.trim()} [${found.join(', ')}]`);
  });
  return hits;
}

/** The forbidden citations in every scanned file under `root` for which `include` holds. */
function scan(root: string, include: (file: string) => boolean = () => true): { hits: string[]; files: number } {
  const hits: string[] = [];
  let count = 0;
  for (const file of files(resolve(ROOT, root))) {
    if (file === SELF || !include(file)) continue;
    count++;
    hits.push(...citationsIn(file, readFileSync(file, 'utf8')));
  }
  return { hits, files: count };
}

const inElements = (file: string) => file.startsWith('src/elements/');

describe('citations: only documents a reader of the repository can open', () => {
  for (const [name, root, include, least] of [
    ['src/ outside src/elements/', 'src', (file: string) => !inElements(file), 100],
    ['src/elements/', 'src', inElements, 20],
    ['scripts/', 'scripts', undefined, 10],
    ['bench/', 'bench', undefined, 5],
    ['test/', 'test', undefined, 50],
  ] as const) {
    it(`no file in ${name} cites a missing document or an issue`, () => {
      const { hits, files: count } = scan(root, include);
      expect(count, `files scanned in ${name}`).to.be.at.least(least);
      expect(hits).to.deep.equal([]);
    });
  }

  it('every docs/<name>.md that a file in src/ names exists', () => {
    const missing: string[] = [];
    let seen = 0;
    for (const file of files(resolve(ROOT, 'src'))) {
      readFileSync(file, 'utf8')
        .split('\n')
        .forEach((line, i) => {
          for (const [path] of line.matchAll(DOCS_PATH)) {
            seen++;
            if (!existsSync(resolve(ROOT, path))) missing.push(`${file}:${i + 1}: ${path}`);
          }
        });
    }
    expect(seen, 'docs/ paths named in src/').to.be.greaterThan(10);
    expect(missing).to.deep.equal([]);
  });

  it('the patterns catch each citation form and let ordinary words through (the check itself works)', () => {
    const caught = [
      '// PROTOCOL.md, "Encodings"',
      ' * the layers of DESIGN.md',
      ' * as STYLE.md asks',
      ' * line of spec/service-interface.md it checks',
      '/** A quote (spec 2.5). */',
      "describe('sandbox money operations (Spec 4.9)')",
      ' * (spec Part 5.3, ...)',
      ' * (spec Parts 4.9 and 5.8)',
      ' * Part 7-shaped JSON error',
      ' * Sandbox hygiene (issue 12, items 1 and 6)',
      ' * see issue #17',
      ' * Issues 11 and 12',
      ' * (issue: sandbox and relay, acceptance 4)',
      ' * the service must make (acceptance 2).',
    ];
    const passed = [
      '// docs/protocol.md, "The stamp"',
      ' * RFC 9180 base mode; EIP-55 checksums; WebAuthn L3',
      ' * the \'part\' attribute; [part~="submit"]; exportparts',
      " * the spec's flow, the WebAuthn spec",
      "  runWatched(process.execPath, ['--test-reporter=spec', file])",
      ' * no issue with 3 retries; part 2 of the text',
      '  issue: number; acceptance tests',
      ' * specs 2 and specimen 3',
    ];
    expect(caught.filter((line) => citationsIn('x.ts', line).length === 0)).to.deep.equal([]);
    expect(passed.filter((line) => citationsIn('x.ts', line).length > 0)).to.deep.equal([]);
    expect([...'see docs/protocol.md and docs/gallery/x.md.'.matchAll(DOCS_PATH)].map(([p]) => p)).to.deep.equal([
      'docs/protocol.md',
      'docs/gallery/x.md',
    ]);
  });
});
