/**
 * One version everywhere a partner reads it: package.json, the version the
 * elements stamp on their classes, the changelog's newest release, and the
 * guide's example app (its dependency and the tarball it installs).
 */
import { expect } from 'chai';
import { readFileSync } from 'node:fs';
import { describe, it } from 'node:test';

const read = (path: string) => readFileSync(path, 'utf8');

describe('the package version', () => {
  it('is the same in package.json, the elements, the changelog and the example app', () => {
    const { version } = JSON.parse(read('package.json')) as { version: string };
    expect(version).to.match(/^\d+\.\d+\.\d+$/);
    expect(read('src/packaging/version.ts')).to.include(`export const VERSION = '${version}';`);
    const releases = [...read('CHANGELOG.md').matchAll(/^## \[(\d+\.\d+\.\d+)\]/gm)].map((m) => m[1]);
    expect(releases[0], 'the newest release in CHANGELOG.md').to.equal(version);
    const example = JSON.parse(read('examples/partner-app/package.json')) as { dependencies: Record<string, string> };
    expect(example.dependencies['embedded-wallet-elements']).to.equal(`^${version}`);
    const guide = read('docs/partner-guide.md');
    expect(guide).to.include(`"embedded-wallet-elements": "^${version}"`);
    expect(guide).to.include(`embedded-wallet-elements-${version}.tgz`);
  });
});
