// Vite/Rolldown plugins for browser builds.
//
// browserCrypto: @hpke/common falls back to
// `import('crypto')` only where `globalThis.crypto` is missing (old Node).
// Browsers always have it, so the import is answered with the global instead
// of a Node shim (and without the "externalized for browser" warning).
import { readdirSync, readFileSync } from 'node:fs';
import { basename, dirname, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { minifyHTMLLiterals } from 'minify-literals';

export const browserCrypto = {
  name: 'browser-crypto',
  enforce: 'pre',
  resolveId: (id) => (id === 'crypto' ? '\0browser-crypto' : null),
  load: (id) => (id === '\0browser-crypto' ? 'export const webcrypto = globalThis.crypto;' : null),
};

// minifyLiterals: lit's html`…`, svg`…` and css`…` literals reach the page as written, with
// their indentation and comments; a minifier cannot touch them, as they are strings. This plugin
// minifies them in the source (minify-literals: html-minifier-next and Lightning CSS, which keep
// the binding positions), for the script tag and its lazy files. Whitespace is collapsed to one
// space, never removed: a space beside a binding (`${a} ${b}`, html` ${reason}`) is text.
const HTML_OPTIONS = {
  caseSensitive: true,
  collapseWhitespace: true,
  conservativeCollapse: true,
  decodeEntities: true,
  removeAttributeQuotes: false,
  removeComments: true,
};
export const minifyLiterals = {
  name: 'minify-literals',
  async transform(code, id) {
    if (!id.startsWith(srcDir) || !id.endsWith('.ts') || !/\b(?:html|svg|css)`/.test(code)) return null;
    const result = await minifyHTMLLiterals(code, { fileName: id, html: HTML_OPTIONS });
    return result && { code: result.code, map: result.map };
  },
};

// The script tag's lazy files. A lazy module is `src/**/<name>.lazy.ts`, imported only
// through src/packaging/lazy-module.ts by `import('./<name>.lazy.js')`. An IIFE cannot split
// code, so for the script-tag build this plugin rewrites each such import into
// `importBundleFile('embedded-wallet-<name>.js')` (src/packaging/bundle-file.ts) and emits
// that file: the module built alone, minified, stamped with the package version so a file of
// another version is refused by name.
//
// What a lazy file holds: the code of its own folder, and any other package it needs. What it
// imports from outside its folder (src/ modules, lit) is the bundle's own copy, not a second
// one: the bundle publishes those modules under a key of its version (`SHARED_KEY`), and the
// lazy file's imports of them read from there.
const srcDir = fileURLToPath(new URL('../src/', import.meta.url));
const BUNDLE_FILE = join(srcDir, 'packaging/bundle-file.ts');
const VERSION_FILE = join(srcDir, 'packaging/version.ts');
const VERSION = /VERSION = '([^']+)'/.exec(readFileSync(VERSION_FILE, 'utf8'))[1];
const SHARED_KEY = `embedded-wallet-elements.modules@${VERSION}`;
const LAZY_IMPORT = /\bimport\(\s*(['"])\.{1,2}\/(?:[\w-]+\/)*([\w-]+)\.lazy\.js\1\s*\)/g;
/** Packages a lazy file takes from the bundle rather than carrying its own copy. */
const isSharedPackage = (spec) => spec === 'lit' || spec.startsWith('lit/') || spec.startsWith('@lit/');
const STATIC_IMPORT = /^import\s+(?!type\s)([^'";]*?)\s*from\s*(['"])([^'"]+)\2;?|^import\s+(['"])([^'"]+)\4;?/gm;

/** Every lazy module under src/: its name, its source, its folder and its file next to the script tag. */
export function lazyFiles() {
  return readdirSync(srcDir, { recursive: true })
    .filter((path) => path.endsWith('.lazy.ts'))
    .sort()
    .map((path) => {
      const name = basename(path, '.lazy.ts');
      const entry = join(srcDir, path);
      return { name, entry, folder: dirname(entry), file: `embedded-wallet-${name}.js` };
    });
}

/** The key a module outside `folder` is published under (a bare package, or its path in src/); undefined when it is the folder's own. */
function sharedKey(spec, importer, folder) {
  if (!spec.startsWith('.')) return isSharedPackage(spec) ? spec : undefined;
  const target = join(dirname(importer), spec).replace(/\.js$/, '.ts');
  return target.startsWith(`${folder}/`) ? undefined : relative(srcDir, target);
}

/** The names a clause imports (`*` for a namespace), types left out. */
const importedNames = (clause) =>
  /^\*\s+as\s+\w+$/.test(clause)
    ? ['*']
    : (/^\{([^}]*)\}$/.exec(clause)?.[1] ?? '')
        .split(',')
        .map((n) => n.trim())
        .filter((n) => n && !n.startsWith('type '))
        .map((n) => n.split(/\s+as\s+/)[0]);

/** What the lazy files read from the bundle: each module their folders import from outside, with the names taken. */
function sharedModules() {
  const modules = new Map([[relative(srcDir, BUNDLE_FILE), new Set(['importBundleFile'])]]);
  for (const { folder } of lazyFiles())
    for (const path of readdirSync(folder, { recursive: true }).filter((p) => p.endsWith('.ts'))) {
      const file = join(folder, path);
      for (const m of readFileSync(file, 'utf8').matchAll(STATIC_IMPORT)) {
        const key = sharedKey(m[3] ?? m[5], file, folder);
        if (!key || !m[1]) continue;
        const names = modules.get(key) ?? new Set();
        for (const name of importedNames(m[1])) names.add(name);
        modules.set(key, names);
      }
    }
  return [...modules].sort(([a], [b]) => a.localeCompare(b));
}

/** In a lazy file, `import { a, b as c } from '<outside>'` becomes a read of the bundle's copy. */
function takeShared(code, id, folder) {
  let shared = false;
  const out = code.replace(STATIC_IMPORT, (whole, clause, _q, spec, _q2, bare) => {
    const key = sharedKey(spec ?? bare, id, folder);
    if (!key) return whole;
    shared = true;
    if (!clause) return ''; // a side effect the bundle has already run
    const namespace = /^\*\s+as\s+(\w+)$/.exec(clause);
    if (namespace) return `const ${namespace[1]} = __ewShared(${JSON.stringify(key)});`;
    const named = /^\{([^}]*)\}$/.exec(clause);
    if (!named)
      throw new Error(`${id}: a lazy file can take only named or namespace imports from the bundle (${clause})`);
    const names = named[1]
      .split(',')
      .map((n) => n.trim())
      .filter((n) => n && !n.startsWith('type '))
      .map((n) => n.replace(/^(\w+)\s+as\s+(\w+)$/, '$1: $2'));
    return names.length ? `const { ${names.join(', ')} } = __ewShared(${JSON.stringify(key)});` : '';
  });
  if (!shared && !code.includes('.lazy.js')) return code;
  const reader =
    `const __ewShared = (key) => { const modules = globalThis[Symbol.for(${JSON.stringify(SHARED_KEY)})];\n` +
    `  if (!modules) throw new Error('this file is from version ${VERSION}, and no bundle of that version is on the page');\n` +
    `  return modules[key]; };\n`;
  return reader + out;
}

/** Builds `entry` alone as one minified ES module with its dependencies bundled in; returns its code. */
async function buildOneModule(lazy, plugins = []) {
  const { build } = await import('vite');
  const { entry, folder, file } = lazy;
  // The file's own entry: the module and the version it was built with (bundle-file.ts checks it).
  const stamped = `${entry.slice(0, -'.ts'.length)}.stamped.ts`;
  const stamp = {
    name: 'lazy-file-version',
    resolveId: (id) => (id === stamped ? stamped : null),
    load: (id) =>
      id === stamped
        ? `export * from ${JSON.stringify(entry)};\nexport { VERSION as EW_VERSION } from ${JSON.stringify(VERSION_FILE)};\n`
        : null,
  };
  const shared = {
    name: 'lazy-file-shared-modules',
    enforce: 'pre',
    transform(code, id) {
      if (!id.startsWith(`${folder}/`) || !id.endsWith('.ts')) return null;
      const rewritten = takeShared(code, id, folder).replace(
        LAZY_IMPORT,
        (_, _quote, name) =>
          `__ewShared(${JSON.stringify(relative(srcDir, BUNDLE_FILE))}).importBundleFile('embedded-wallet-${name}.js')`,
      );
      return rewritten === code ? null : { code: rewritten, map: null };
    },
  };
  const result = await build({
    configFile: false,
    logLevel: 'silent',
    plugins: [stamp, shared, ...plugins],
    build: {
      write: false,
      minify: true,
      target: 'es2022',
      lib: { entry: stamped, formats: ['es'], fileName: () => file },
      // One file, loaded by URL: a dynamic import inside (@hpke/common's `import('crypto')`) stays in it.
      rollupOptions: { output: { codeSplitting: false } },
    },
  });
  const outputs = (Array.isArray(result) ? result : [result]).flatMap((r) => r.output);
  const chunks = outputs.filter((o) => o.type === 'chunk');
  if (chunks.length !== 1) throw new Error(`${file} should be one file, got ${chunks.length}`);
  return chunks[0].code;
}

/** Builds one lazy module's file next to the script tag (by its name); returns its code. */
export function buildLazyFile(name) {
  const lazy = lazyFiles().find((l) => l.name === name);
  if (!lazy) throw new Error(`no src/**/${name}.lazy.ts`);
  return buildOneModule(lazy, [browserCrypto, minifyLiterals]);
}

export const scriptTagLazyFiles = {
  name: 'script-tag-lazy-files',
  enforce: 'pre',
  transform(code, id) {
    if (!id.startsWith(srcDir)) return null;
    if (id === join(srcDir, 'iife.ts')) {
      // The bundle publishes what its lazy files take from it (only the names they take, so the
      // rest of each module is still left out when unused).
      const modules = sharedModules();
      const imports = modules.map(([key, names], i) => {
        const from = JSON.stringify(isSharedPackage(key) ? key : join(srcDir, key));
        return names.has('*')
          ? `import * as __ewModule${i} from ${from};`
          : `import { ${[...names].map((n) => `${n} as __ew${i}_${n}`).join(', ')} } from ${from};`;
      });
      const entries = modules.map(([key, names], i) =>
        names.has('*')
          ? `${JSON.stringify(key)}: __ewModule${i}`
          : `${JSON.stringify(key)}: { ${[...names].map((n) => `${n}: __ew${i}_${n}`).join(', ')} }`,
      );
      return {
        code: `${imports.join('\n')}\n${code}\nglobalThis[Symbol.for(${JSON.stringify(SHARED_KEY)})] ??= { ${entries.join(', ')} };\n`,
        map: null,
      };
    }
    if (!code.includes('.lazy.js')) return null;
    const rewritten = code.replace(
      LAZY_IMPORT,
      (_, _quote, name) => `__ewImportBundleFile('embedded-wallet-${name}.js')`,
    );
    if (rewritten === code) return null;
    const door = `import { importBundleFile as __ewImportBundleFile } from ${JSON.stringify(BUNDLE_FILE)};\n`;
    return { code: door + rewritten, map: null };
  },
  async generateBundle() {
    for (const lazy of lazyFiles()) {
      this.emitFile({ type: 'asset', fileName: lazy.file, source: await buildLazyFile(lazy.name) });
    }
  },
};

/** Every plugin the script-tag build needs: its lazy files, and its literals minified. */
export const scriptTagFiles = [scriptTagLazyFiles, minifyLiterals];
