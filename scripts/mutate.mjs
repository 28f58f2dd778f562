// `npm run mutate`: mutation testing of src/crypto (and of the relay's
// reading of the service's answers). Each named mutant below removes or
// weakens one check; the tests must fail ("kill" it) for every one. A check no test notices is a check nothing protects.
//
//   node scripts/mutate.mjs [--browser] [--only <name substring>]
//
// Works on a copy of the working tree in a temporary directory (node_modules
// symlinked), so the real sources are never touched, even if interrupted.
// For each mutant: the Node crypto tests, the mutant's likely killers first,
// stopping at the first failing file; with --browser, a mutant the Node tests
// miss also meets the Chromium suite (`test/crypto/**`). Prints killed /
// survived per mutant and the total; exits 1 if any survives.
// test/build/mutants.node.test.ts checks that every search string still occurs
// exactly once in the sources, so the list cannot silently rot.
import { spawn, execFileSync } from 'node:child_process';
import { cpSync, mkdirSync, mkdtempSync, readFileSync, readdirSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const P256 = 'src/crypto/p256.ts';
const DER = 'src/crypto/der.ts';
const IMPORT = 'src/crypto/scalar-import.ts';
const T = (name) => `test/crypto/${name}.test.ts`;

/** The mutants: `search` must occur exactly once in `file`; `tests` are tried first. */
export const MUTANTS = [
  // Point decoding (p256.ts): non-canonical and off-curve encodings.
  {
    name: 'p256: x >= p no longer refused',
    file: P256,
    search: "if (x >= P) throw new RangeError('x is not below the field prime');",
    replace: '',
    tests: [T('p256')],
  },
  {
    name: 'p256: y >= p no longer refused',
    file: P256,
    search: 'if (y >= P || (y * y) % P !== rhs)',
    replace: 'if ((y * y) % P !== rhs)',
    tests: [T('p256')],
  },
  {
    name: 'p256: uncompressed point not checked on the curve',
    file: P256,
    search: 'if (y >= P || (y * y) % P !== rhs)',
    replace: 'if (y >= P)',
    tests: [T('wycheproof-ecdh'), T('p256')],
  },
  {
    name: 'p256: compressed x without a curve point accepted',
    file: P256,
    search: "if ((root * root) % P !== rhs) throw new RangeError('no curve point has this x');",
    replace: '',
    tests: [T('wycheproof-ecdh'), T('p256')],
  },
  {
    name: 'p256: compressed point decoded with the wrong parity',
    file: P256,
    search: '(root & 1n) === BigInt(prefix & 1) ? root : P - root',
    replace: '(root & 1n) !== BigInt(prefix & 1) ? root : P - root',
    tests: [T('p256')],
  },
  {
    name: 'p256: any prefix accepted on 65 bytes',
    file: P256,
    search: '(bytes.length === 65 && prefix === 4)',
    replace: '(bytes.length === 65)',
    tests: [T('p256')],
  },
  {
    name: 'points: the requested SEC1 form not enforced',
    file: 'src/crypto/points.ts',
    search: "if (accept !== 'any' && bytes.length !== LENGTH[accept]) {",
    replace: 'if (false) {',
    tests: [T('wycheproof-ecdh'), T('bundles-negative'), T('keys')],
  },
  // Strict DER (der.ts).
  {
    name: 'der: superfluous leading zero accepted',
    file: DER,
    search: 'if (length > 1 && der[start] === 0 && !(der[start + 1]! & 0x80)) {',
    replace: 'if (false) {',
    tests: [T('der')],
  },
  {
    name: 'der: integers longer than 33 bytes accepted',
    file: DER,
    search: 'if (length > 33) throw invalid(`${name} is longer than 33 bytes`);',
    replace: '',
    tests: [T('der')],
  },
  {
    name: 'der: negative integers accepted',
    file: DER,
    search: 'if (der[start]! & 0x80) throw invalid(`${name} is negative`);',
    replace: '',
    tests: [T('der'), T('wycheproof-ecdsa')],
  },
  {
    name: 'der: r or s >= n accepted as well-formed',
    file: DER,
    search: 'if (v === 0n || v >= P256_ORDER) {',
    replace: 'if (v === 0n) {',
    tests: [T('der'), T('wycheproof-ecdsa')],
  },
  {
    name: 'der: toLowS never flips s',
    file: DER,
    search: 'if (isLowS(raw)) return raw;',
    replace: 'return raw;',
    tests: [T('stamp'), T('wycheproof-ecdsa')],
  },
  {
    name: 'der: n - s loses its borrow',
    file: DER,
    search: 'borrow = d < 0 ? 1 : 0;',
    replace: 'borrow = 0;',
    tests: [T('der'), T('stamp')],
  },
  {
    name: 'der: isLowS compares the wrong way',
    file: DER,
    search: 'if (d !== 0) return d < 0;',
    replace: 'if (d !== 0) return d > 0;',
    tests: [T('der'), T('stamp')],
  },
  // Stamps (stamp.ts).
  {
    name: 'stamp: low-S normalisation dropped',
    file: 'src/crypto/stamp.ts',
    search: 'rawToDer(toLowS(new Uint8Array(raw)))',
    replace: 'rawToDer(new Uint8Array(raw))',
    tests: [T('stamp'), T('keys')],
  },
  // Enclave bundles (enclave-bundle.ts).
  {
    name: 'bundle: signer not compared with the pinned key',
    file: 'src/crypto/enclave-bundle.ts',
    search: 'if (!equalBytes(signer, pinned))',
    replace: 'if (false)',
    tests: [T('bundles-negative'), T('turnkey-fixtures')],
  },
  // The relay's reading of the service's answers (node-transport.ts).
  {
    name: 'relay: an answer closed before its end is not refused',
    file: 'src/relay/node-transport.ts',
    search: "if (!settled) reject(new Error('The connection closed before the answer was complete'));",
    replace: 'void settled;',
    tests: ['test/relay/upstream-pool.node.test.ts'],
  },
  // HPKE key schedule (hpke-suite.ts).
  {
    name: 'hpke: remembered extract keyed by label alone (another info served the first one)',
    file: 'src/crypto/hpke-suite.ts',
    search: "const key = `${String.fromCharCode(...label)}:${Array.from(ikm).join(',')}`;",
    replace: 'const key = String.fromCharCode(...label);',
    tests: [T('hpke-rfc9180')],
  },
  // Session scalar import (scalar-import.ts).
  {
    name: 'scalar import: self-check skipped (first candidate taken)',
    file: IMPORT,
    search:
      'if (await subtle.verify(SIGN, publicKey, signature, SELF_CHECK_MESSAGE)) return { privateKey, publicKey };',
    replace: 'return { privateKey, publicKey };',
    tests: [T('scalar-import')],
  },
  {
    name: 'scalar import: range check dropped',
    file: IMPORT,
    search: 'if ((borrow & ((nonZero + 255) >> 8)) !== 1) {',
    replace: 'if (false) {',
    tests: [T('scalar-import')],
  },
  {
    name: 'scalar import: zero scalar passes the range check',
    file: IMPORT,
    search: 'nonZero |= scalar[i]!;',
    replace: 'nonZero |= 1;',
    tests: [T('scalar-import')],
  },
  {
    name: 'scalar import: range check compares against n - 1',
    file: IMPORT,
    search: 'borrow = ((scalar[i]! - ORDER_BYTES[i]! - borrow) >> 8) & 1;',
    replace: 'borrow = ((scalar[i]! - ORDER_BYTES[i]! - borrow + (i === 31 ? 1 : 0)) >> 8) & 1;',
    tests: [T('scalar-import')],
  },
  {
    name: 'scalar import: caller scalar not wiped',
    file: IMPORT,
    search: '    scalar.fill(0);\n',
    replace: '',
    tests: [T('scalar-import')],
  },
  {
    name: 'scalar import: native PKCS#8 buffer not wiped',
    file: IMPORT,
    search:
      "subtle.importKey('pkcs8', pkcs8, ECDH, false, ['deriveBits']),\n    ]);\n  } finally {\n    pkcs8.fill(0);",
    replace: "subtle.importKey('pkcs8', pkcs8, ECDH, false, ['deriveBits']),\n    ]);\n  } finally {\n    void 0;",
    tests: [T('scalar-import')],
  },
  {
    name: 'scalar import: fallback PKCS#8 buffer not wiped',
    file: IMPORT,
    search:
      "privateKey = await getSubtle().importKey('pkcs8', pkcs8, ECDSA, false, ['sign']);\n  } finally {\n    pkcs8.fill(0);",
    replace:
      "privateKey = await getSubtle().importKey('pkcs8', pkcs8, ECDSA, false, ['sign']);\n  } finally {\n    void 0;",
    tests: [T('scalar-import')],
  },
  {
    name: 'scalar import: a failed self-check falls back instead of refusing',
    file: IMPORT,
    search: 'if (error instanceof WalletCryptoError) throw error;',
    replace: '',
    tests: [T('scalar-import')],
  },
];

const ROOT = fileURLToPath(new URL('..', import.meta.url));
const FILE_TIMEOUT_MS = 180_000;

/** Runs a command in `cwd`; resolves with its exit code (a timeout counts as a failure). */
function run(command, args, cwd) {
  return new Promise((done) => {
    const child = spawn(command, args, { cwd, stdio: ['ignore', 'pipe', 'pipe'] });
    let output = '';
    child.stdout.on('data', (chunk) => (output += chunk));
    child.stderr.on('data', (chunk) => (output += chunk));
    const timer = setTimeout(() => child.kill('SIGKILL'), FILE_TIMEOUT_MS);
    child.on('close', (code, signal) => {
      clearTimeout(timer);
      done({ code: signal ? 124 : (code ?? 1), output });
    });
  });
}

/** A copy of the working tree (tracked and new files, not ignored ones) with node_modules linked. */
function copyWorkingTree() {
  const dir = mkdtempSync(join(tmpdir(), 'ew-mutate-'));
  const files = execFileSync('git', ['ls-files', '-z', '--cached', '--others', '--exclude-standard'], {
    cwd: ROOT,
    encoding: 'utf8',
  })
    .split('\0')
    .filter(Boolean);
  for (const file of files) {
    mkdirSync(dirname(join(dir, file)), { recursive: true });
    try {
      cpSync(join(ROOT, file), join(dir, file));
    } catch {
      // Deleted in the working tree but still in the index: nothing to copy.
    }
  }
  symlinkSync(join(ROOT, 'node_modules'), join(dir, 'node_modules'), 'dir');
  return dir;
}

const nodeTestFiles = (dir) =>
  readdirSync(join(dir, 'test/crypto'))
    .filter((name) => name.endsWith('.test.ts') && !name.endsWith('.browser.test.ts'))
    .map((name) => `test/crypto/${name}`)
    .sort();

const nodeTest = (file, cwd) => run(process.execPath, ['--import', 'tsx', '--test', '--test-reporter=spec', file], cwd);
// eslint-disable-next-line no-control-regex -- matching the escape byte is the point
const plain = (text) => text.replace(/\x1b\[[0-9;]*[A-Za-z]/g, '');
/** The first failed test a spec report names; undefined when none ran (a file that did not even load). */
const firstFailure = (output) => /^\s*✖ (.+?) \(\d[\d.]*m?s\)$/m.exec(plain(output))?.[1];
const browserTests = (cwd) =>
  run(
    process.execPath,
    [
      '--import',
      'tsx',
      'node_modules/@web/test-runner/dist/bin.js',
      '--files',
      'test/crypto/**/*.test.ts',
      '!test/crypto/**/*.node.test.ts',
    ],
    cwd,
  );

async function main() {
  const args = process.argv.slice(2);
  const browser = args.includes('--browser');
  const only = args.includes('--only') ? args[args.indexOf('--only') + 1] : undefined;
  const mutants = MUTANTS.filter((m) => !only || m.name.includes(only));

  const dir = copyWorkingTree();
  const cleanUp = () => rmSync(dir, { recursive: true, force: true });
  for (const signal of ['SIGINT', 'SIGTERM']) {
    process.on(signal, () => {
      cleanUp();
      process.exit(130);
    });
  }

  try {
    const files = nodeTestFiles(dir);
    console.log(`mutate: ${mutants.length} mutants of src/crypto; Node crypto tests${browser ? ' + Chromium' : ''}`);
    console.log(`  working copy: ${dir}`);
    // Unmutated, every file must pass, or a "kill" would mean nothing.
    for (const file of files) {
      const { code, output } = await nodeTest(file, dir);
      if (code !== 0) throw new Error(`baseline: ${file} fails without any mutant:\n${output.slice(-3000)}`);
    }
    if (browser) {
      const { code, output } = await browserTests(dir);
      if (code !== 0) throw new Error(`baseline: the Chromium crypto tests fail:\n${plain(output).slice(-3000)}`);
    }
    console.log(`  baseline: ${files.length} Node test files pass unmutated\n`);

    const survivors = [];
    for (const mutant of mutants) {
      const path = join(dir, mutant.file);
      const original = readFileSync(path, 'utf8');
      const count = original.split(mutant.search).length - 1;
      if (count !== 1) throw new Error(`${mutant.name}: search string occurs ${count} times in ${mutant.file}`);
      writeFileSync(
        path,
        original.replace(mutant.search, () => mutant.replace),
      );
      const started = Date.now();
      let killer;
      let broken;
      try {
        const order = [...mutant.tests, ...files.filter((f) => !mutant.tests.includes(f))];
        for (const file of order) {
          const { code, output } = await nodeTest(file, dir);
          if (code === 0) continue;
          // Only a failing assertion kills: a mutant that stops the file from loading tests nothing.
          const failed = firstFailure(output);
          if (code === 124) killer = `${file} (timeout)`;
          else if (failed) killer = `${file}: "${failed}"`;
          else broken = `${file} did not run: ${plain(output).trim().split('\n').slice(0, 3).join(' / ')}`;
          break;
        }
        if (!killer && !broken && browser && (await browserTests(dir)).code !== 0) killer = 'the Chromium crypto tests';
      } finally {
        writeFileSync(path, original);
      }
      const seconds = ((Date.now() - started) / 1000).toFixed(1);
      if (killer) console.log(`  killed    ${mutant.name}\n            by ${killer} (${seconds} s)`);
      else {
        survivors.push(mutant.name);
        console.log(
          `  ${broken ? 'INVALID ' : 'SURVIVED'}  ${mutant.name} (${seconds} s)${broken ? `\n            ${broken}` : ''}`,
        );
      }
    }
    const killed = mutants.length - survivors.length;
    console.log(
      `\nmutate: ${killed}/${mutants.length} mutants killed${survivors.length ? `, survived: ${survivors.join('; ')}` : ''}`,
    );
    process.exitCode = survivors.length ? 1 : 0;
  } finally {
    cleanUp();
  }
}

if (process.argv[1] && import.meta.url === pathToFileURL(resolve(process.argv[1])).href) {
  main().catch((error) => {
    console.error(`mutate: ${error.message}`);
    process.exitCode = 2;
  });
}
