// `npm test`: every check, in order, each run even when an earlier one fails,
// then one closing line with the test totals. Exits non-zero on any failure.
// Installs what is missing from Debian when it can (Chromium, Firefox ESR, WebKitGTK with its
// WebDriver and Xvfb; redis-server for the relay's shared-store tests).
//   types + lint + import cycles + format -> build (the page tests load dist/) -> size budgets -> Node tests
//   (node:test) -> per engine (Chromium, Firefox, WebKit), in sequence: the browser suites
//   (web-test-runner), then the page tests (`*.page.test.ts`: QA demo journeys and partner pages
//   driven from Node)
import { CHROMIUM } from './chromium.mjs';
import { FIREFOX } from './firefox.mjs';
import { REDIS } from './redis.mjs';
import { ensureSystemPackages } from './system-package.mjs';
import { runWatched } from './watched.mjs';
import { WEBKIT } from './webkit.mjs';

// Whatever is missing comes in one apt-get run.
const [chromium, firefox, webkit, redis] = ensureSystemPackages([CHROMIUM, FIREFOX, WEBKIT, REDIS]);
const env = { ...process.env, CHROMIUM_PATH: chromium, FIREFOX_PATH: firefox, REDIS_SERVER: redis };

// A step silent this long is hung (on Node 20 a process can deadlock on tsx's module-hooks
// thread): it is killed and run once more. Every step prints well within it when healthy.
const STEP_SILENCE_MS = Number(process.env.TEST_STEP_SILENCE_MS ?? 10 * 60_000);

/** Runs a command once, streaming its output; returns {code, output, silent}. */
const runOnce = (command, args, extraEnv) =>
  runWatched(command, args, {
    env: { ...env, ...extraEnv },
    silenceMs: STEP_SILENCE_MS,
    onData: (chunk, stream) => (stream === 'stdout' ? process.stdout : process.stderr).write(chunk),
  });

/** Runs a command (once more if it hung), streaming its output, and returns {code, output}. */
async function run(command, args, extraEnv = {}) {
  const first = await runOnce(command, args, extraEnv);
  if (!first.silent) return first;
  console.log(`\n⚠ no output for ${STEP_SILENCE_MS / 1000} s: killed, and run once more\n`);
  const again = await runOnce(command, args, extraEnv);
  if (again.silent) console.log(`\n✖ no output for ${STEP_SILENCE_MS / 1000} s, twice: killed`);
  return again;
}

// Strips ANSI colour and cursor codes so the counts can be read.
// eslint-disable-next-line no-control-regex -- matching the escape byte is the point
const plain = (text) => text.replace(/\x1b\[[0-9;]*[A-Za-z]/g, '');

/** Passed, failed and skipped from node:test's closing lines. */
const nodeCounts = (out) =>
  [/ℹ pass (\d+)/, /ℹ fail (\d+)/, /ℹ skipped (\d+)/].map((re) => Number(plain(out).match(re)?.[1] ?? 0));

/**
 * The part of a failed step's output that says why, repeated at the end so that a log's
 * tail (all a CI summary may keep) still names the failing test and its message.
 */
function whyFailed(out) {
  const lines = plain(out).split('\n');
  const summary = lines.findIndex((line) => line.includes('✖ failing tests:'));
  if (summary >= 0) return lines.slice(summary + 1, summary + 61);
  // The test runner's progress bars ("| 7/85 test files | 81 passed, 0 failed") say nothing.
  const progress = /test files \||\b0 failed\b/;
  const picked = new Set();
  lines.forEach((line, i) => {
    if (progress.test(line) || !/❌|✖|\bError\b|\d+ failed|\b[Ff]ailed to\b/.test(line)) return;
    // From the test file's name, two lines above the runner's ❌.
    for (let j = Math.max(0, i - 2); j < Math.min(i + 12, lines.length); j++)
      if (!progress.test(lines[j])) picked.add(j);
  });
  return [...picked].slice(-80).map((i) => lines[i]);
}

const steps = [
  { name: 'typecheck', command: 'npx', args: ['tsc', '-p', 'tsconfig.json'] },
  // The Vue typings as a partner's vue-tsc reads a template, strictTemplates on (test/types/vue/).
  { name: 'vue typecheck', command: 'npx', args: ['vue-tsc', '--noEmit', '-p', 'test/types/vue/tsconfig.json'] },
  { name: 'lint', command: 'npx', args: ['eslint', '.'] },
  // No import cycle in src/, type-only imports included (dpdm follows dynamic imports too).
  { name: 'import cycles', command: 'npm', args: ['run', '--silent', 'cycles'] },
  { name: 'format', command: 'npx', args: ['prettier', '--check', '--log-level', 'warn', '.'] },
  { name: 'build', command: process.execPath, args: ['scripts/build.mjs', '--no-manifest'] },
  { name: 'size budgets', command: process.execPath, args: ['scripts/size.mjs'] },
  { name: 'node tests', command: process.execPath, args: ['scripts/test-node.mjs'], count: nodeCounts },
  ...['chromium', 'firefox', 'webkit'].flatMap((engine) => [
    {
      name: `browser tests (${engine})`,
      engine,
      command: process.execPath,
      args: ['--import', 'tsx', 'node_modules/@web/test-runner/dist/bin.js'],
      env: { WTR_ENGINE: engine },
      count: (out) => {
        const all = [...plain(out).matchAll(/(\d+) passed, (\d+) failed(?:, (\d+) skipped)?/g)];
        const last = all.at(-1);
        return last ? [Number(last[1]), Number(last[2]), Number(last[3] ?? 0)] : [0, 0, 0];
      },
    },
    {
      name: `page tests (${engine})`,
      engine,
      command: process.execPath,
      args: ['scripts/test-node.mjs', '--pages'],
      env: { TEST_ENGINE: engine },
      count: nodeCounts,
    },
  ]),
];

const startedAll = Date.now();
let passed = 0;
let failed = 0;
const failedSteps = [];
const failures = [];
const engines = [];
for (const step of steps) {
  console.log(`\n=== ${step.name} ===`);
  const started = Date.now();
  const { code, output } = await run(step.command, step.args, step.env);
  if (step.count) {
    const [p, f, s = 0] = step.count(output);
    passed += p;
    failed += f;
    if (step.engine) {
      const seconds = (Date.now() - started) / 1000;
      const row = engines.find((e) => e.engine === step.engine);
      if (!row) engines.push({ engine: step.engine, p, f, s, seconds, errors: code === 0 ? [] : [step.name] });
      else Object.assign(row, { p: row.p + p, f: row.f + f, s: row.s + s, seconds: row.seconds + seconds });
      if (row && code !== 0) row.errors.push(step.name);
    }
  }
  if (code !== 0) {
    failedSteps.push(step.name);
    failures.push(`--- ${step.name}`, ...whyFailed(output));
  }
}

if (failures.length) console.log(`\n=== why the failed steps failed ===\n${failures.join('\n')}`);

console.log(`\nChromium: ${chromium}\nFirefox: ${firefox}\nWebKit: ${webkit}`);
console.log('\nbrowser suites + page tests per engine (skips name the capability they miss):');
console.log('  engine     passed  failed  skipped   time');
for (const e of engines)
  console.log(
    `  ${e.engine.padEnd(9)} ${String(e.p).padStart(7)} ${String(e.f).padStart(7)} ${String(e.s).padStart(8)} ${e.seconds.toFixed(0).padStart(5)} s` +
      (e.errors.length ? `  ERROR in ${e.errors.join(', ')}` : ''),
  );
if (failedSteps.length) console.log(`Failed steps: ${failedSteps.join(', ')}`);
console.log(`npm test took ${((Date.now() - startedAll) / 60_000).toFixed(1)} min`);
console.log(`tests: ${passed} passed, ${failed} failed`);
process.exit(failedSteps.length ? 1 : 0);
