/**
 * docs/security.md's table of what the relay may send, and what binds each
 * part, is the one scripts/binding-table.ts generates from OPERATIONS: an
 * operation, a member or a binding changed in the code without the docs
 * (`npx tsx scripts/binding-table.ts --write`) fails here.
 */
import { expect } from 'chai';
import { readFileSync } from 'node:fs';
import { describe, it } from 'node:test';
import { bindingTable, DOC, tableIn } from '../../scripts/binding-table.js';
import { OPERATIONS } from '../../src/relay/index.js';

describe('docs/security.md binding table', () => {
  it('is the table generated from the relay’s OPERATIONS, byte for byte', async () => {
    const documented = tableIn(readFileSync(DOC, 'utf8'));
    expect(documented, 'run: npx tsx scripts/binding-table.ts --write').to.equal(await bindingTable());
  });

  it('has a row for every operation', async () => {
    const table = await bindingTable();
    for (const operation of OPERATIONS)
      expect(table, operation.name).to.include(`\`${operation.name}\` \`${operation.method} ${operation.path}\``);
  });
});
