// `npm run build`: everything the package publishes, from a clean dist/.
//   dist/**/*.js       ESM entries (., ./client, ./relay, ./sandbox, ./define)
//   dist/**/*.d.ts     declarations
//   dist/browser/embedded-wallet-elements.js   the script-tag bundle
//   dist/browser/embedded-wallet-host.js       isolated mode's host script
//   dist/frame/                                isolated mode's frame page
//   custom-elements.json                       the elements manifest
//   src/jsx/element-types.ts                   the React/Vue typings' table, from the manifest
import { execFileSync } from 'node:child_process';
import { rmSync } from 'node:fs';

const step = (label, args) => {
  console.log(`build: ${label}`);
  execFileSync(process.execPath, args, { stdio: ['ignore', 'inherit', 'inherit'] });
};

rmSync('dist', { recursive: true, force: true });
step('ESM entries', ['node_modules/vite/bin/vite.js', 'build', '--logLevel', 'warn']);
step('script-tag bundle', ['node_modules/vite/bin/vite.js', 'build', '--mode', 'iife', '--logLevel', 'warn']);
step('host script', ['node_modules/vite/bin/vite.js', 'build', '--mode', 'host', '--logLevel', 'warn']);
step('frame page', ['node_modules/vite/bin/vite.js', 'build', '--mode', 'frame', '--logLevel', 'warn']);
step('confirmation window', ['node_modules/vite/bin/vite.js', 'build', '--mode', 'approval', '--logLevel', 'warn']);
step('passkey window', ['node_modules/vite/bin/vite.js', 'build', '--mode', 'passkey', '--logLevel', 'warn']);
step('OAuth return page', ['node_modules/vite/bin/vite.js', 'build', '--mode', 'oauth', '--logLevel', 'warn']);
step('frame page files', ['scripts/frame-page.mjs']);
step('declarations', ['node_modules/typescript/bin/tsc', '-p', 'tsconfig.build.json']);
// `npm test` passes --no-manifest: it checks the committed manifest, which a rebuild would overwrite.
if (!process.argv.includes('--no-manifest')) {
  step('custom-elements.json', ['node_modules/@custom-elements-manifest/analyzer/cem.js', 'analyze', '--quiet']);
  step('React/Vue typings from the manifest', ['scripts/element-types.mjs', '--write']);
}
