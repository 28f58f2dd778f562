// `npm run build`: the ESM page (esm/) bundled into public/esm/, served by both backends.
import { defineConfig } from 'vite';

export default defineConfig({
  root: 'esm',
  base: '/esm/',
  publicDir: false,
  build: { outDir: '../public/esm', emptyOutDir: true, target: 'es2022' },
});
