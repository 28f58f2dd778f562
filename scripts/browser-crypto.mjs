// Vite/Rolldown plugins for browser builds.
//
// browserCrypto: @hpke/common falls back to
// `import('crypto')` only where `globalThis.crypto` is missing (old Node).
// Browsers always have it, so the import is answered with the global instead
// of a Node shim (and without the "externalized for browser" warning).
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

export const browserCrypto = {
  name: 'browser-crypto',
  enforce: 'pre',
  resolveId: (id) => (id === 'crypto' ? '\0browser-crypto' : null),
  load: (id) => (id === '\0browser-crypto' ? 'export const webcrypto = globalThis.crypto;' : null),
};

// The script tag's @noble/curves fallback (src/crypto/scalar-import.ts). An
// IIFE cannot split code, so for the script-tag build this plugin swaps
// src/crypto/noble-loader.ts for noble-loader-script-tag.ts (which imports the
// fallback from a URL next to the bundle) and emits that fallback as one
// extra ES module file. Only engines that refuse the native key import fetch it.
const cryptoDir = fileURLToPath(new URL('../src/crypto/', import.meta.url));

/** The fallback's file name next to the bundle (noble-loader-script-tag.ts says the same). */
export const P256_FALLBACK_FILE = 'embedded-wallet-p256.js';

/** Builds `entry` alone as one minified ES module with its dependencies bundled in; returns its code. */
async function buildOneModule(entry, fileName, plugins = []) {
  const { build } = await import('vite');
  const result = await build({
    configFile: false,
    logLevel: 'silent',
    plugins,
    build: {
      write: false,
      minify: true,
      target: 'es2022',
      lib: { entry, formats: ['es'], fileName: () => fileName },
      // One file, loaded by URL: a dynamic import inside (@hpke/common's `import('crypto')`) stays in it.
      rollupOptions: { output: { codeSplitting: false } },
    },
  });
  const outputs = (Array.isArray(result) ? result : [result]).flatMap((r) => r.output);
  const chunks = outputs.filter((o) => o.type === 'chunk');
  if (chunks.length !== 1) throw new Error(`${fileName} should be one file, got ${chunks.length}`);
  return chunks[0].code;
}

// The script tag's @simplewebauthn/browser, likewise: src/client/webauthn.ts is
// swapped for webauthn-script-tag.ts, which imports embedded-wallet-webauthn.js
// from next to the bundle when a passkey ceremony is first prepared.
const clientDir = fileURLToPath(new URL('../src/client/', import.meta.url));

/** The library's file name next to the bundle (webauthn-script-tag.ts says the same). */
const WEBAUTHN_FILE = 'embedded-wallet-webauthn.js';

/**
 * A script-tag plugin: swaps `dir/module.ts` for `dir/module-script-tag.ts`
 * (a loader importing `file` from next to the bundle) and emits `file`, built
 * by `build`.
 */
function lazyScriptTagFile(name, dir, module, file, build) {
  return {
    name,
    enforce: 'pre',
    async resolveId(source, importer, options) {
      if (!importer?.startsWith(dir) || !source.includes(module)) return null;
      const resolved = await this.resolve(source, importer, { ...options, skipSelf: true });
      return resolved?.id === join(dir, `${module}.ts`) ? join(dir, `${module}-script-tag.ts`) : null;
    },
    async generateBundle() {
      this.emitFile({ type: 'asset', fileName: file, source: await build() });
    },
  };
}

export const scriptTagWebAuthn = lazyScriptTagFile('script-tag-webauthn', clientDir, 'webauthn', WEBAUTHN_FILE, () =>
  buildOneModule(join(clientDir, 'webauthn-library.ts'), WEBAUTHN_FILE),
);

/** Builds the fallback module alone, minified, @noble/curves bundled in; returns its code. */
export const buildP256Fallback = () => buildOneModule(join(cryptoDir, 'noble-public-key.ts'), P256_FALLBACK_FILE);

export const scriptTagP256Fallback = lazyScriptTagFile(
  'script-tag-p256-fallback',
  cryptoDir,
  'noble-loader',
  P256_FALLBACK_FILE,
  buildP256Fallback,
);

// The script tag's HPKE library (@hpke/core and @hpke/common), likewise:
// src/crypto/hpke-library.ts is swapped for hpke-library-script-tag.ts, which
// imports embedded-wallet-hpke.js from next to the bundle on first use (when
// a code is asked for, a sealed session key or an export is requested, or the
// pre-warm runs), never for the first paint.

/** The library's file name next to the bundle (hpke-library-script-tag.ts says the same). */
export const HPKE_FILE = 'embedded-wallet-hpke.js';

/** Builds the HPKE library alone (src/crypto/hpke-suite.ts), minified, @hpke/* bundled in; returns its code. */
export const buildHpkeLibrary = () => buildOneModule(join(cryptoDir, 'hpke-suite.ts'), HPKE_FILE, [browserCrypto]);

export const scriptTagHpke = lazyScriptTagFile(
  'script-tag-hpke',
  cryptoDir,
  'hpke-library',
  HPKE_FILE,
  buildHpkeLibrary,
);

// The wallet overview's QR encoder (lean-qr), likewise: src/elements/wallet-overview/qr-library.ts
// is swapped for qr-library-script-tag.ts, which imports embedded-wallet-qr.js from next to the
// bundle when a QR code is first shown.
const overviewDir = fileURLToPath(new URL('../src/elements/wallet-overview/', import.meta.url));

/** The encoder's file name next to the bundle (qr-library-script-tag.ts says the same). */
export const QR_FILE = 'embedded-wallet-qr.js';

export const scriptTagQr = lazyScriptTagFile('script-tag-qr', overviewDir, 'qr-library', QR_FILE, () =>
  buildOneModule(join(overviewDir, 'qr-encoder.ts'), QR_FILE),
);

// The Spanish strings (src/elements/strings/es.ts), likewise: spanish.ts is swapped
// for spanish-script-tag.ts, which imports embedded-wallet-strings-es.js on the first
// loadWalletStrings('es'); pages in English never fetch it.
const stringsDir = fileURLToPath(new URL('../src/elements/strings/', import.meta.url));

/** The file's name next to the bundle (spanish-script-tag.ts says the same). */
export const STRINGS_ES_FILE = 'embedded-wallet-strings-es.js';

export const scriptTagStringsEs = lazyScriptTagFile(
  'script-tag-strings-es',
  stringsDir,
  'spanish',
  STRINGS_ES_FILE,
  () => buildOneModule(join(stringsDir, 'es.ts'), STRINGS_ES_FILE),
);

/** Every file the script tag imports from next to itself, as vite plugins. */
export const scriptTagFiles = [
  scriptTagP256Fallback,
  scriptTagWebAuthn,
  scriptTagHpke,
  scriptTagQr,
  scriptTagStringsEs,
];
