/**
 * The size check itself (scripts/size.mjs): it measures every shipped entry
 * and fails, naming the entry, when a budget is below the measured size.
 * Lazily loaded files are listed apart and kept out of the budgets.
 */
import { expect } from 'chai';
import { spawnSync } from 'node:child_process';
import { describe, it } from 'node:test';

const run = (...budgets: string[]) =>
  spawnSync(process.execPath, ['scripts/size.mjs', ...budgets.flatMap((b) => ['--budget', b])], {
    encoding: 'utf8',
  });

describe('npm run size', () => {
  it('prints raw, min+gzip and brotli for each entry and passes budgets above the sizes', () => {
    const result = run('script tag (every element)=500', './client=500', './relay=500');
    expect(result.status, result.stdout + result.stderr).to.equal(0);
    for (const entry of ['script tag (every element)', '. (ESM, deps bundled)', './client', './relay']) {
      expect(result.stdout).to.match(new RegExp(`${entry.replace(/[.()]/g, '\\$&')} +[\\d.]+ +[\\d.]+ +[\\d.]+`));
    }
    expect(result.stdout).to.include('@hpke/core').and.include('src/elements');
    // The @noble/curves fallback: listed on its own line under the script tag and the ESM entries, never in a budget.
    expect(result.stdout).to.match(
      /script tag \(every element\).*\n {2}lazy embedded-wallet-p256\.js +[\d.]+ +[\d.]+ +[\d.]+ +not in the budget/,
    );
    expect(result.stdout).to.match(
      /\.\/client .*\n(?: {2}lazy .*\n)* {2}lazy noble-public-key\.js +[\d.]+ +[\d.]+ +[\d.]+ +not in the budget/,
    );
    expect(result.stdout).to.include('size budgets: all within');
  });

  it('fails, naming the entry, when a budget is set below the current size', () => {
    const result = run('script tag (every element)=500', './client=500', './relay=1');
    expect(result.status).to.equal(1);
    expect(result.stdout).to.match(/size budget exceeded:\n {2}\.\/relay: [\d.]+ KB > 1 KB/);
  });
});
