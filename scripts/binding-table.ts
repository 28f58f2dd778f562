/**
 * The table of docs/security.md "What the relay may send, operation by
 * operation", generated from the relay's `OPERATIONS` (src/relay/operations.ts):
 * every part of a request the relay forwards (the path's `{id}`, each query
 * parameter, each body member) with what binds it. The docs hold the table
 * between two markers; test/relay/binding-table.node.test.ts fails when it
 * differs from the code.
 *
 *   npx tsx scripts/binding-table.ts [--write]
 *
 * Without --write, exits 1 when the docs are stale.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import prettier from 'prettier';
import { CREDENTIAL_TYPES, type Operation } from '../src/relay/operation-types.js';
import { OPERATIONS } from '../src/relay/operations.js';

export const DOC = fileURLToPath(new URL('../docs/security.md', import.meta.url));
const START = '<!-- binding-table:start -->';
const END = '<!-- binding-table:end -->';

const INTRO = [
  'Generated from `OPERATIONS` in `src/relay/operations.ts` (`npx tsx scripts/binding-table.ts --write`;',
  '`test/relay/binding-table.node.test.ts` fails when they differ). The relay refuses any other query',
  'parameter or body member with `400 INVALID_INPUT` before the service is asked anything. Where members',
  "depend on the credential type, they are those of the type the body's `type` names (registration, verify;",
  "a verify's must be the credential's) or of the credential in the path (challenge: held to them once the",
  'ownership lookup has said its type). "Checked by the client" means before it stamps (the table above).',
].join('\n');

const code = (text: string) => `\`${text}\``;
const cell = (text: string) => text.replace(/\|/g, '\\|');

/** The rows of one operation: [part, bound by]. */
function partsOf(operation: Operation): [string, string][] {
  const rows: [string, string][] = [];
  if (operation.boundBy.id !== undefined) rows.push([`path ${code('{id}')}`, operation.boundBy.id]);
  for (const [name, text] of Object.entries(operation.boundBy.query)) rows.push([`query ${code(name)}`, text]);
  const rule = operation.body;
  if ('members' in rule) {
    const one = rule.exactlyOne ?? [];
    for (const [name, text] of Object.entries(rule.members)) {
      const note = one.includes(name) ? ` (exactly one of ${one.map(code).join(', ')})` : '';
      rows.push([`body ${code(name)}${note}`, text]);
    }
    if (!Object.keys(rule.members).length) rows.push(['body: none', 'Any member is refused']);
    return rows;
  }
  // Members whose binding is the same for several types are one row naming those types.
  const byBinding = new Map<string, { name: string; text: string; types: string[] }>();
  const bodiless: string[] = [];
  for (const type of CREDENTIAL_TYPES) {
    const members = Object.entries(rule.types[type]);
    if (!members.length) bodiless.push(type);
    for (const [name, text] of members) {
      const key = JSON.stringify([name, text]);
      const row = byBinding.get(key) ?? { name, text, types: [] };
      row.types.push(type);
      byBinding.set(key, row);
    }
  }
  const which = (types: string[]) => (types.length === CREDENTIAL_TYPES.length ? '' : ` (${types.join(', ')})`);
  for (const { name, text, types } of byBinding.values()) rows.push([`body ${code(name)}${which(types)}`, text]);
  if (bodiless.length) rows.push([`body: none${which(bodiless)}`, 'Any member is refused']);
  return rows;
}

/** The Markdown between the markers, formatted as the repository's Prettier formats docs. */
export async function bindingTable(): Promise<string> {
  const lines = ['| operation | part | bound by |', '| --- | --- | --- |'];
  for (const operation of OPERATIONS) {
    partsOf(operation).forEach(([part, text], i) => {
      const name = i === 0 ? `${code(operation.name)} ${code(`${operation.method} ${operation.path}`)}` : '';
      lines.push(`| ${name} | ${cell(part)} | ${cell(text)} |`);
    });
  }
  const config = (await prettier.resolveConfig(DOC)) ?? {};
  const markdown = await prettier.format(`${INTRO}\n\n${lines.join('\n')}\n`, { ...config, parser: 'markdown' });
  return markdown.trim();
}

/** What `doc` holds between the markers (trimmed); throws when they are missing. */
export function tableIn(doc: string): string {
  const start = doc.indexOf(START);
  const end = doc.indexOf(END);
  if (start < 0 || end < start) throw new Error(`${DOC} lacks the markers ${START} ... ${END}`);
  return doc.slice(start + START.length, end).trim();
}

/** `doc` with `table` between the markers. */
function withTable(doc: string, table: string): string {
  tableIn(doc);
  return `${doc.slice(0, doc.indexOf(START) + START.length)}\n\n${table}\n\n${doc.slice(doc.indexOf(END))}`;
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  const doc = readFileSync(DOC, 'utf8');
  const table = await bindingTable();
  if (process.argv.includes('--write')) {
    writeFileSync(DOC, withTable(doc, table));
    console.log(`binding table written to ${DOC}`);
  } else if (tableIn(doc) !== table) {
    console.error(
      `${DOC}: the binding table differs from src/relay/operations.ts; run npx tsx scripts/binding-table.ts --write`,
    );
    process.exit(1);
  } else console.log('binding table: current');
}
