// Runs the Node test files with node's own test runner (TypeScript through
// tsx). Node-only files end in `.node.test.ts`; files ending in plain
// `.test.ts` are shared with the browser suite; `.browser.test.ts` are skipped.
// Page tests (`.page.test.ts`: Node drives real pages in the engine TEST_ENGINE
// names) run only with `--pages`, which runs nothing else; npm test runs them
// once per engine.
import { spawnSync } from 'node:child_process';
import { readdirSync } from 'node:fs';
import { join } from 'node:path';

function testFiles(dir) {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return testFiles(path);
    return entry.name.endsWith('.test.ts') && !entry.name.endsWith('.browser.test.ts') ? [path] : [];
  });
}

const args = process.argv.slice(2);
const pages = args.includes('--pages');
const filter = args.filter((arg) => arg !== '--pages');
const files = testFiles('test')
  .filter((file) => file.endsWith('.page.test.ts') === pages)
  .filter((file) => filter.length === 0 || filter.some((f) => file.includes(f)))
  .sort();
const result = spawnSync(
  process.execPath,
  ['--import', 'tsx', '--test', '--test-reporter=spec', '--test-concurrency=2', ...files],
  { stdio: 'inherit' },
);
process.exit(result.status ?? 1);
