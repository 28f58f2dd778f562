// Library build (`npm run build`, arriving with the elements issue): ESM for
// the package's four public entries, dependencies left external for npm
// users; the script-tag bundle is a second build of src/iife.ts.
import { defineConfig } from 'vite';

export default defineConfig({
  build: {
    target: 'es2022',
    sourcemap: true,
    lib: {
      formats: ['es'],
      entry: {
        index: 'src/index.ts',
        'client/index': 'src/client/index.ts',
        'relay/index': 'src/relay/index.ts',
        'sandbox/index': 'src/sandbox/index.ts',
      },
    },
    rollupOptions: {
      external: [/^node:/, /^lit/, /^@simplewebauthn\//, /^@hpke\//, /^@noble\//, 'idb-keyval'],
    },
  },
});
