// Library build (`npm run build`). Two outputs from one config:
// - default mode: ESM for the package's public entries and the sandbox's
//   command line, every bare
//   dependency left external so npm users dedupe them;
// - `--mode iife`: the script-tag bundle of src/iife.ts, self-contained and
//   minified, for pages without a bundler, plus its lazy files
//   (embedded-wallet-<name>.js for each src/**/<name>.lazy.ts), which it imports
//   from next to itself when first needed (scripts/browser-crypto.mjs);
// - `--mode host`: isolated mode's host script (src/host.ts), `--mode frame`:
//   the frame page's script (src/frame.ts), `--mode approval`: its
//   confirmation window's script (src/approval-window.ts, a page of its own: a
//   second copy of lit beside the script-tag bundle's would break Trusted Types),
//   `--mode passkey`: its passkey window's (src/passkey-window.ts), and `--mode oauth`:
//   the page an identity provider sends its sign-in window back to (src/oauth-return.ts);
//   scripts/frame-page.mjs then writes the pages beside them.
// Declarations come from `tsc -p tsconfig.build.json`.
import { isAbsolute } from 'node:path';
import { defineConfig } from 'vite';
import { browserCrypto, scriptTagFiles } from './scripts/browser-crypto.mjs';

const isBare = (id: string) => !id.startsWith('.') && !isAbsolute(id) && !id.startsWith('\0');
/**
 * Packages bundled into the ESM build instead of installed with it: libphonenumber-js weighs 13 MB
 * installed for the few kilobytes of metadata the settings form reads (in its lazy chunk).
 */
const BUNDLED = /^libphonenumber-js(\/|$)/;
const isExternal = (id: string) => isBare(id) && !BUNDLED.test(id);

/** A self-contained IIFE of isolated mode (`--mode host`, `frame`, `approval`, `passkey`, `oauth`): no lazy files. */
const isolatedScript = (entry: string, outDir: string, fileName: string) => ({
  // The window's card comes with the elements' shared code, and with it @hpke's Node fallback import.
  plugins: [browserCrypto],
  build: {
    target: 'es2022',
    outDir,
    emptyOutDir: false,
    sourcemap: true,
    minify: true,
    lib: { entry, formats: ['iife' as const], name: '__embeddedWalletIsolated', fileName: () => fileName },
  },
});

export default defineConfig(({ mode }) =>
  mode === 'host'
    ? isolatedScript('src/host.ts', 'dist/browser', 'embedded-wallet-host.js')
    : mode === 'frame'
      ? isolatedScript('src/frame.ts', 'dist/frame', 'embedded-wallet-frame.js')
      : mode === 'approval'
        ? isolatedScript('src/approval-window.ts', 'dist/frame', 'embedded-wallet-approval.js')
        : mode === 'passkey'
          ? isolatedScript('src/passkey-window.ts', 'dist/frame', 'embedded-wallet-passkey-window.js')
          : mode === 'oauth'
            ? isolatedScript('src/oauth-return.ts', 'dist/frame', 'embedded-wallet-oauth-return.js')
            : mode === 'iife'
              ? {
                  // The @noble/curves fallback, the WebAuthn and the HPKE libraries ship as files next to the bundle (scripts/browser-crypto.mjs).
                  plugins: [browserCrypto, ...scriptTagFiles],
                  build: {
                    target: 'es2022',
                    outDir: 'dist/browser',
                    emptyOutDir: false,
                    sourcemap: true,
                    minify: true,
                    lib: {
                      entry: 'src/iife.ts',
                      formats: ['iife'],
                      // iife.ts assigns window.EmbeddedWallet itself (only when absent).
                      name: '__embeddedWalletBundle',
                      fileName: () => 'embedded-wallet-elements.js',
                    },
                  },
                }
              : {
                  build: {
                    target: 'es2022',
                    outDir: 'dist',
                    sourcemap: true,
                    minify: false,
                    lib: {
                      formats: ['es'],
                      entry: {
                        index: 'src/index.ts',
                        define: 'src/define.ts',
                        host: 'src/host.ts',
                        'client/index': 'src/client/index.ts',
                        'relay/index': 'src/relay/index.ts',
                        'sandbox/index': 'src/sandbox/index.ts',
                        'sandbox/cli': 'src/sandbox/cli.ts',
                      },
                    },
                    rollupOptions: {
                      external: isExternal,
                      // The package's `bin` (embedded-wallet-sandbox) runs this file directly.
                      output: { banner: (chunk) => (chunk.name === 'sandbox/cli' ? '#!/usr/bin/env node' : '') },
                    },
                  },
                },
);
