// Runs the Node test files with node's own test runner (TypeScript through
// tsx). Node-only files end in `.node.test.ts`; files ending in plain
// `.test.ts` are shared with the browser suite; `.browser.test.ts` are skipped.
// Page tests (`.page.test.ts`: Node drives real pages in the engine TEST_ENGINE
// names; kept in test/pages/, found by their suffix wherever they are) run only
// with `--pages`, which runs nothing else; npm test runs them once per engine.
//
// Each file runs in a process of its own, two at a time, under a watchdog. On
// Node 20, tsx's module hooks run on a thread of their own, and a process can
// deadlock waiting for that thread (seen once in CI: a file silent for 15
// minutes, its main thread asleep on a futex). A file that prints nothing for
// TEST_SILENCE_MS (default 3 minutes; the slowest test takes under one) is
// killed and run once more, and says so; a second silence is a failure.
import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { runWatched } from './watched.mjs';

const SILENCE_MS = Number(process.env.TEST_SILENCE_MS ?? 180_000);
const CONCURRENCY = 2;
const COUNTS = ['tests', 'suites', 'pass', 'fail', 'cancelled', 'skipped', 'todo'];

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

/** One run of `file`: its output, exit code, and whether the watchdog ended it. */
const runOnce = (file) =>
  runWatched(process.execPath, ['--import', 'tsx', '--test', '--test-reporter=spec', file], {
    env: process.stdout.isTTY && !process.env.NO_COLOR ? { FORCE_COLOR: '1', ...process.env } : process.env,
    silenceMs: SILENCE_MS,
  });

/** Splits node:test's closing `ℹ name N` lines from the rest of a file's output. */
function closingCounts(output) {
  const counts = {};
  const rest = output
    .split('\n')
    .filter((line) => {
      // eslint-disable-next-line no-control-regex -- colour codes around the ℹ
      const match = line.replace(/\x1b\[[0-9;]*m/g, '').match(/^ℹ (\w+) ([\d.]+)$/);
      if (!match) return true;
      counts[match[1]] = Number(match[2]);
      return false;
    })
    .join('\n');
  return { counts, rest };
}

const totals = Object.fromEntries(COUNTS.map((name) => [name, 0]));
const failing = [];
const started = Date.now();

async function runFile(file) {
  let run = await runOnce(file);
  if (run.silent) {
    console.log(`⚠ ${file}: no output for ${SILENCE_MS / 1000} s; killed, and run once more`);
    run = await runOnce(file);
  }
  const { counts, rest } = closingCounts(run.output);
  process.stdout.write(rest.endsWith('\n') ? rest : `${rest}\n`);
  for (const name of COUNTS) totals[name] += counts[name] ?? 0;
  if (run.silent) {
    console.log(`✖ ${file}: no output for ${SILENCE_MS / 1000} s, twice; killed`);
    totals.tests += 1;
    totals.fail += 1;
    failing.push(`${file}: silent for ${SILENCE_MS / 1000} s twice (a hang)`);
  } else if (run.code !== 0) {
    if (!counts.fail) totals.fail += 1; // it ended before its tests could report
    failing.push(`${file}: exit code ${run.code}`);
  }
}

const queue = [...files];
await Promise.all(
  Array.from({ length: CONCURRENCY }, async () => {
    while (queue.length) await runFile(queue.shift());
  }),
);

if (failing.length) console.log(`\nfiles that failed:\n${failing.map((line) => `  ${line}`).join('\n')}`);
for (const name of COUNTS) console.log(`ℹ ${name} ${totals[name]}`);
console.log(`ℹ duration_ms ${Date.now() - started}`);
process.exit(failing.length ? 1 : 0);
