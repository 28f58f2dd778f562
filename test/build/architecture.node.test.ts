/**
 * docs/architecture.md is where a maintainer looks first: it names every
 * folder under src/, and every source file it points to exists, so it cannot
 * drift from the code unnoticed.
 */
import { expect } from 'chai';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, it } from 'node:test';

const PAGE = readFileSync('docs/architecture.md', 'utf8');

function* folders(dir: string): Generator<string> {
  yield dir;
  for (const entry of readdirSync(dir, { withFileTypes: true }))
    if (entry.isDirectory()) yield* folders(join(dir, entry.name));
}

describe('docs/architecture.md', () => {
  it('names every folder under src/', () => {
    const unnamed = [...folders('src')].map((dir) => `${dir}/`).filter((dir) => !PAGE.includes(`\`${dir}\``));
    expect(unnamed).to.deep.equal([]);
  });

  it('points only to source files that exist', () => {
    const cited = new Set([...PAGE.matchAll(/`((?:[\w.-]+\/)*[\w.-]+\.(?:ts|mjs))`/g)].map((m) => m[1]!));
    expect(cited.size).to.be.greaterThan(30);
    const files = ['src', 'scripts', 'test', 'bench'].flatMap((root) =>
      (readdirSync(root, { recursive: true }) as string[]).map((path) => join(root, path)),
    );
    const absent = [...cited].filter((path) => !files.some((file) => file === path || file.endsWith(`/${path}`)));
    expect(absent).to.deep.equal([]);
  });
});
