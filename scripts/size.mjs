// `npm run size`: what the widget costs a partner's visitors, in bytes.
// Builds each shipped entry minified with its dependencies bundled (as a
// partner's page would receive it), prints raw / min+gzip / brotli and what
// each dependency contributes, and exits non-zero when a budget is exceeded.
// Lazily loaded files (src/**/*.lazy.ts: the signed-in views and their rows' question, HPKE, passkeys, OAuth, the
// P-256 fallback, the QR code, Spanish) are listed apart, outside the budgets.
//   node scripts/size.mjs [--json out.json] [--budget name=KB ...]
import { writeFileSync } from 'node:fs';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import { build } from 'vite';
import { browserCrypto, scriptTagFiles } from './browser-crypto.mjs';

/**
 * min+gzip budgets in KB (1 KB = 1000 bytes). The script tag's came down
 * from 50 to 40 when the signed-in views, the client's signed-in flows, the
 * passkey and OAuth flows and everything that seals or opens enclave bundles
 * became lazy files (and the approval, and minified lit literals, left room
 * under it). `./client` came down from 23.5 to 20 the same way.
 */
const BUDGETS = { 'script tag (every element)': 40, 'host script (isolated mode)': 6, './client': 20 };

const TARGETS = [
  { name: 'script tag (every element)', entry: 'src/iife.ts', format: 'iife' },
  { name: 'host script (isolated mode)', entry: 'src/host.ts', format: 'iife' },
  { name: '. (ESM, deps bundled)', entry: 'src/index.ts', format: 'es' },
  { name: './client', entry: 'src/client/index.ts', format: 'es' },
  { name: './relay', entry: 'src/relay/index.ts', format: 'es', node: true },
];

const args = process.argv.slice(2);
const budgets = { ...BUDGETS };
for (let i = 0; i < args.length; i++) {
  if (args[i] === '--budget') {
    const [name, kb] = args[++i].split('=');
    budgets[name] = Number(kb);
  }
}
const jsonOut = args.includes('--json') ? args[args.indexOf('--json') + 1] : undefined;

const packageOf = (id) => {
  const match = /node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(id);
  if (match) return match[1];
  const own = /\/src\/([^/]+)/.exec(id);
  return own ? `src/${own[1]}` : 'other';
};

const sizes = (code) => ({
  raw: code.length,
  gzip: gzipSync(code, { level: 9 }).length,
  brotli: brotliCompressSync(code, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }).length,
});

async function measure(target) {
  const [result] = await build({
    configFile: false,
    logLevel: 'silent',
    plugins: target.node ? [] : target.format === 'iife' ? [browserCrypto, ...scriptTagFiles] : [browserCrypto],
    build: {
      write: false,
      minify: true,
      target: 'es2022',
      ssr: target.node ? target.entry : undefined,
      lib: { entry: target.entry, formats: [target.format], name: '__size', fileName: () => 'out.js' },
      rollupOptions: target.node ? { external: [/^node:/] } : {},
    },
  });
  const outputs = (Array.isArray(result) ? result : [result]).flatMap((r) => r.output);
  // What a page downloads up front: the entry and what it imports statically. Chunks reached
  // only by a dynamic import (the @noble/curves fallback) are fetched by the few engines that
  // need them, so they are listed apart and kept out of the budget.
  const byName = new Map(outputs.filter((o) => o.type === 'chunk').map((c) => [c.fileName, c]));
  const initial = new Set();
  const visit = (chunk) => {
    if (initial.has(chunk)) return;
    initial.add(chunk);
    for (const name of chunk.imports) visit(byName.get(name));
  };
  for (const chunk of byName.values()) if (chunk.isEntry) visit(chunk);
  // An IIFE inlines its dynamic imports (the entry's code already holds them): only emitted files are extra.
  const lazy =
    target.format === 'iife'
      ? []
      : [...byName.values()]
          .filter((c) => !initial.has(c))
          .map((c) => ({ name: c.fileName.replace(/-[\w-]{8}\.js$/, '.js'), code: c.code }));
  // The script tag's lazy files are emitted files (scripts/browser-crypto.mjs), not chunks.
  for (const asset of outputs.filter((o) => o.type === 'asset' && o.fileName.endsWith('.js'))) {
    lazy.push({ name: asset.fileName, code: asset.source });
  }
  const code = Buffer.from([...initial].map((c) => c.code).join('\n'));
  const parts = {};
  for (const chunk of initial) {
    for (const [id, info] of Object.entries(chunk.modules)) {
      const key = packageOf(id);
      parts[key] = (parts[key] ?? 0) + info.renderedLength;
    }
  }
  return {
    name: target.name,
    ...sizes(code),
    parts,
    lazy: lazy.map(({ name, code }) => ({ name, ...sizes(Buffer.from(code)) })),
  };
}

const kb = (bytes) => (bytes / 1000).toFixed(1).padStart(7);
const results = [];
for (const target of TARGETS) results.push(await measure(target));

console.log('\nentry                          raw KB  min+gzip KB  brotli KB  budget (min+gzip)');
const over = [];
for (const r of results) {
  const budget = budgets[r.name];
  const verdict = budget === undefined ? '' : r.gzip <= budget * 1000 ? `<= ${budget} ok` : `> ${budget} OVER`;
  if (budget !== undefined && r.gzip > budget * 1000) over.push(`${r.name}: ${kb(r.gzip).trim()} KB > ${budget} KB`);
  console.log(`${r.name.padEnd(30)} ${kb(r.raw)}  ${kb(r.gzip)}      ${kb(r.brotli)}    ${verdict}`);
  for (const l of r.lazy) {
    console.log(`  lazy ${l.name.padEnd(27)} ${kb(l.raw)}  ${kb(l.gzip)}      ${kb(l.brotli)}    not in the budget`);
  }
}
if (results.some((r) => r.lazy.length)) {
  console.log(
    '(lazy: fetched only when its dynamic import runs; the P-256 fallback only where the engine refuses the native session-key import, e.g. Safari; the passkey flows with the WebAuthn library when a passkey is first prepared, the OAuth flows when an OAuth sign-in is; the HPKE module (bundle checks, sealing, opening) when a code is asked for or a sealed session key is made; the QR encoder beside the first wallet read; the Spanish strings when the first element speaks Spanish; each signed-in view when it is first shown; the phone numbering plans when the phone form opens; the question a row of the devices or sign-in methods asks before acting, beside the first of them shown)',
  );
}
for (const r of results.slice(0, 1).concat(results.filter((x) => x.name === './client'))) {
  console.log(`\n${r.name}: share by source (bytes each module renders, before minification)`);
  const total = Object.values(r.parts).reduce((a, b) => a + b, 0);
  for (const [name, bytes] of Object.entries(r.parts).sort((a, b) => b[1] - a[1])) {
    console.log(`  ${name.padEnd(28)} ${kb(bytes)} KB  ${((bytes / total) * 100).toFixed(1).padStart(5)} %`);
  }
}
if (jsonOut) writeFileSync(jsonOut, JSON.stringify({ budgets, results }, null, 2));
if (over.length) {
  console.log(`\nsize budget exceeded:\n  ${over.join('\n  ')}`);
  process.exit(1);
}
console.log('\nsize budgets: all within');
