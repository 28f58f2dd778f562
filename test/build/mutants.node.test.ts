/**
 * The mutant list of `npm run mutate` (scripts/mutate.mjs) against the current
 * sources: a search string that no longer occurs exactly once would make its
 * mutant silently test nothing, so the list fails here first.
 */
import { expect } from 'chai';
import { existsSync, readFileSync } from 'node:fs';
import { describe, it } from 'node:test';
import { LAYERS, layerOf, MUTANTS } from '../../scripts/mutate.mjs';
import { OPERATIONS } from '../../src/relay/operations.js';

describe('npm run mutate: the mutant list', () => {
  it('names each mutant once, and each search string occurs exactly once in its source file', () => {
    expect(new Set(MUTANTS.map((m) => m.name)).size).to.equal(MUTANTS.length);
    for (const mutant of MUTANTS) {
      expect(LAYERS, `${mutant.name}: layer of ${mutant.file}`).to.include(layerOf(mutant.file));
      const source = readFileSync(mutant.file, 'utf8');
      expect(source.split(mutant.search).length - 1, `${mutant.name}: occurrences in ${mutant.file}`).to.equal(1);
      expect(mutant.replace, mutant.name).not.to.equal(mutant.search);
      for (const test of mutant.tests) expect(existsSync(test), `${mutant.name}: ${test}`).to.equal(true);
    }
  });

  it('covers the checks the issue found unprotected, and the self-check, the pin and the low-S flip', () => {
    const names = MUTANTS.map((m) => m.name).join('\n');
    for (const check of [
      'x >= p',
      'y >= p',
      'superfluous leading zero',
      'longer than 33 bytes',
      'low-S normalisation dropped',
      'toLowS never flips',
      'pinned key',
      'self-check skipped',
      'scalar not wiped',
      'PKCS#8 buffer not wiped',
    ]) {
      expect(names, check).to.include(check);
    }
  });

  it('has mutants in every layer, and one for every operation the relay forwards (a row of the binding table)', () => {
    for (const layer of LAYERS)
      expect(
        MUTANTS.some((m) => layerOf(m.file) === layer),
        layer,
      ).to.equal(true);
    const covered = new Set(MUTANTS.map((m) => m.operation).filter(Boolean));
    for (const operation of OPERATIONS) expect(covered.has(operation.name), operation.name).to.equal(true);
    for (const name of covered)
      expect(
        OPERATIONS.map((o) => o.name),
        name,
      ).to.include(name);
  });
});
