// Vite/Rolldown plugins for browser builds.
//
// browserCrypto: @hpke/common falls back to
// `import('crypto')` only where `globalThis.crypto` is missing (old Node).
// Browsers always have it, so the import is answered with the global instead
// of a Node shim (and without the "externalized for browser" warning).
import { readdirSync } from 'node:fs';
import { basename, join } from 'node:path';
import { fileURLToPath } from 'node:url';

export const browserCrypto = {
  name: 'browser-crypto',
  enforce: 'pre',
  resolveId: (id) => (id === 'crypto' ? '\0browser-crypto' : null),
  load: (id) => (id === '\0browser-crypto' ? 'export const webcrypto = globalThis.crypto;' : null),
};

// The script tag's lazy files. A lazy module is `src/**/<name>.lazy.ts`, imported only
// through src/packaging/lazy-module.ts by `import('./<name>.lazy.js')`. An IIFE cannot split
// code, so for the script-tag build this plugin rewrites each such import into
// `importBundleFile('embedded-wallet-<name>.js')` (src/packaging/bundle-file.ts) and emits
// that file: the module built alone, minified, its dependencies bundled in, stamped with the
// package version so a file of another version is refused by name.
const srcDir = fileURLToPath(new URL('../src/', import.meta.url));
const BUNDLE_FILE = join(srcDir, 'packaging/bundle-file.ts');
const VERSION_FILE = join(srcDir, 'packaging/version.ts');
const LAZY_IMPORT = /\bimport\(\s*(['"])\.{1,2}\/(?:[\w-]+\/)*([\w-]+)\.lazy\.js\1\s*\)/g;

/** Every lazy module under src/: its name, its source and its file next to the script tag. */
export function lazyFiles() {
  return readdirSync(srcDir, { recursive: true })
    .filter((path) => path.endsWith('.lazy.ts'))
    .sort()
    .map((path) => {
      const name = basename(path, '.lazy.ts');
      return { name, entry: join(srcDir, path), file: `embedded-wallet-${name}.js` };
    });
}

/** Builds `entry` alone as one minified ES module with its dependencies bundled in; returns its code. */
async function buildOneModule(entry, fileName, plugins = []) {
  const { build } = await import('vite');
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
  const result = await build({
    configFile: false,
    logLevel: 'silent',
    plugins: [stamp, ...plugins],
    build: {
      write: false,
      minify: true,
      target: 'es2022',
      lib: { entry: stamped, formats: ['es'], fileName: () => fileName },
      // One file, loaded by URL: a dynamic import inside (@hpke/common's `import('crypto')`) stays in it.
      rollupOptions: { output: { codeSplitting: false } },
    },
  });
  const outputs = (Array.isArray(result) ? result : [result]).flatMap((r) => r.output);
  const chunks = outputs.filter((o) => o.type === 'chunk');
  if (chunks.length !== 1) throw new Error(`${fileName} should be one file, got ${chunks.length}`);
  return chunks[0].code;
}

/** Builds one lazy module's file next to the script tag (by its name); returns its code. */
export function buildLazyFile(name) {
  const lazy = lazyFiles().find((l) => l.name === name);
  if (!lazy) throw new Error(`no src/**/${name}.lazy.ts`);
  return buildOneModule(lazy.entry, lazy.file, [browserCrypto]);
}

export const scriptTagLazyFiles = {
  name: 'script-tag-lazy-files',
  enforce: 'pre',
  transform(code, id) {
    if (!id.startsWith(srcDir) || !code.includes('.lazy.js')) return null;
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

/** Every plugin the script-tag build needs for its lazy files. */
export const scriptTagFiles = [scriptTagLazyFiles];
