/**
 * The size check itself (scripts/size.mjs): it measures every shipped entry
 * and fails, naming the entry, when a budget is below the measured size.
 * Lazily loaded files (the P-256 fallback, the WebAuthn and HPKE libraries)
 * are listed apart and kept out of the budgets.
 */
import { expect } from 'chai';
import { spawnSync } from 'node:child_process';
import { describe, it } from 'node:test';

const run = (...budgets: string[]) =>
  spawnSync(process.execPath, ['scripts/size.mjs', ...budgets.flatMap((b) => ['--budget', b])], {
    encoding: 'utf8',
  });

const escape = (text: string) => text.replace(/[.()]/g, '\\$&');
/** The line of `file` among the lazy files listed under `entry`. */
const lazyLine = (entry: string, file: string) =>
  new RegExp(
    `${escape(entry)} .*\\n(?: {2}lazy .*\\n)* {2}lazy ${escape(file)} +[\\d.]+ +[\\d.]+ +[\\d.]+ +not in the budget`,
  );

describe('npm run size', () => {
  it('prints raw, min+gzip and brotli for each entry and passes budgets above the sizes', () => {
    const result = run('script tag (every element)=500', './client=500', './relay=500');
    expect(result.status, result.stdout + result.stderr).to.equal(0);
    for (const entry of ['script tag (every element)', '. (ESM, deps bundled)', './client', './relay']) {
      expect(result.stdout).to.match(new RegExp(`${escape(entry)} +[\\d.]+ +[\\d.]+ +[\\d.]+`));
    }
    expect(result.stdout).to.include('lit-html').and.include('src/elements');
    // The lazy files: each on its own line under the script tag and the ESM entries, never in a budget.
    for (const file of ['embedded-wallet-p256.js', 'embedded-wallet-passkey.js', 'embedded-wallet-hpke.js']) {
      expect(result.stdout).to.match(lazyLine('script tag (every element)', file));
    }
    for (const file of ['p256.lazy.js', 'hpke.lazy.js']) expect(result.stdout).to.match(lazyLine('./client', file));
    // HPKE is loaded only where it is needed: @hpke/* in no entry's share of what a page loads up front.
    expect(result.stdout).not.to.include('@hpke/');
    expect(result.stdout).to.include('size budgets: all within');
  });

  it('fails, naming the entry, when a budget is set below the current size', () => {
    const result = run('script tag (every element)=500', './client=500', './relay=1');
    expect(result.status).to.equal(1);
    expect(result.stdout).to.match(/size budget exceeded:\n {2}\.\/relay: [\d.]+ KB > 1 KB/);
  });
});
