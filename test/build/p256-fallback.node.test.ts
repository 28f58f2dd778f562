/**
 * Where @noble/curves ends up in the built files (`npm run build`): only in the
 * lazily loaded fallback of the session-key import (src/crypto/hpke/scalar-import.ts),
 * never in what a page loads up front. The ESM build reaches it by a dynamic
 * import only; the script-tag bundle not at all (it fetches
 * dist/browser/embedded-wallet-p256.js, next to itself, when it must). The
 * same for the script tag's other lazy files: the passkey flows with the WebAuthn library, and the
 * HPKE module with @hpke/core (which the ESM build also imports dynamically).
 */
import { expect } from 'chai';
import { existsSync, readFileSync } from 'node:fs';
import { dirname, join, normalize } from 'node:path';
import { before, describe, it } from 'node:test';

const DIST = 'dist';
// A string from @noble/curves' Weierstrass code that nothing of ours contains.
const NOBLE_MARKER = 'bad point: is not on curve';
/** An import of @noble/curves (comments may name it; only imports count). */
const importsNoble = (file: string) => /\bfrom\s*["']@noble\/curves/.test(readFileSync(file, 'utf8'));

/** Relative specifiers a built ESM file imports: static (`import ... from`) and dynamic (`import()`). */
function importsOf(file: string): { staticImports: string[]; dynamicImports: string[] } {
  const code = readFileSync(file, 'utf8');
  const resolve = (spec: string) => normalize(join(dirname(file), spec));
  const staticImports = [...code.matchAll(/^(?:import|export)\b[^;'"]*?(?:from\s*)?["'](\.[^"']+)["']/gm)].map((m) =>
    resolve(m[1]!),
  );
  const dynamicImports = [...code.matchAll(/\bimport\(\s*["'](\.[^"']+)["']\s*\)/g)].map((m) => resolve(m[1]!));
  return { staticImports, dynamicImports };
}

/**
 * Every file an entry loads before any dynamic import runs (`loaded`), and every dynamic
 * target reached from there, from lazily loaded files too (`lazy`: a lazy module may load another).
 */
function staticGraph(entry: string): { loaded: Set<string>; lazy: Set<string> } {
  const loaded = new Set<string>();
  const lazy = new Set<string>();
  const seen = new Set<string>();
  const visit = (file: string, upFront: boolean) => {
    if (upFront) loaded.add(file);
    if (seen.has(file) && !upFront) return;
    seen.add(file);
    const { staticImports, dynamicImports } = importsOf(file);
    for (const target of staticImports) if (!loaded.has(target)) visit(target, upFront);
    for (const target of dynamicImports) {
      lazy.add(target);
      if (!seen.has(target)) visit(target, false);
    }
  };
  visit(entry, true);
  return { loaded, lazy };
}

describe('@noble/curves in the build', () => {
  before(() => {
    if (!existsSync(join(DIST, 'client/index.js'))) throw new Error('dist/ is missing: run `npm run build` first');
  });

  for (const entry of ['index.js', 'client/index.js']) {
    it(`the ESM entry ${entry} reaches @noble/curves only through a dynamic import`, () => {
      const { loaded, lazy } = staticGraph(join(DIST, entry));
      expect([...loaded].filter(importsNoble), 'files loaded up front that import @noble/curves').to.deep.equal([]);
      const fallback = [...lazy].filter(importsNoble);
      expect(fallback, 'one lazily imported chunk holds the fallback').to.have.length(1);
      expect(loaded.has(fallback[0]!)).to.equal(false);
    });
  }

  it('the script-tag bundle holds no @noble/curves code; its fallback file next to it does, as an ES module', () => {
    const bundle = readFileSync(join(DIST, 'browser/embedded-wallet-elements.js'), 'utf8');
    const hpke = readFileSync(join(DIST, 'browser/embedded-wallet-hpke.js'), 'utf8');
    const fallback = readFileSync(join(DIST, 'browser/embedded-wallet-p256.js'), 'utf8');
    expect(bundle.includes(NOBLE_MARKER), 'noble code in the bundle').to.equal(false);
    expect(hpke.includes(NOBLE_MARKER), 'noble code in the HPKE file').to.equal(false);
    // The session scalar's import, which needs the fallback, is in the HPKE file: that file names it.
    expect(hpke.includes('embedded-wallet-p256.js'), 'the HPKE file names the fallback file').to.equal(true);
    expect(fallback.includes(NOBLE_MARKER), 'noble code in the fallback file').to.equal(true);
    // Self-contained: a browser loads it by URL, so it may import nothing by a bare name.
    expect(fallback).not.to.match(/\bfrom\s*["'][^./]/);
    expect(fallback).to.match(/export\s*\{[^}]*noblePublicPoint/);
  });

  it('the script-tag bundle holds no @simplewebauthn/browser; embedded-wallet-passkey.js next to it does, as an ES module', () => {
    // The library's own message, in no file of ours.
    const marker = 'WebAuthn is not supported in this browser';
    const bundle = readFileSync(join(DIST, 'browser/embedded-wallet-elements.js'), 'utf8');
    const library = readFileSync(join(DIST, 'browser/embedded-wallet-passkey.js'), 'utf8');
    expect(bundle.includes(marker), 'the library in the bundle').to.equal(false);
    expect(bundle.includes('embedded-wallet-passkey.js'), 'the bundle names the file').to.equal(true);
    expect(library.includes(marker), 'the library in its file').to.equal(true);
    expect(library).not.to.match(/\bfrom\s*["'][^./]/);
    expect(library).to.match(/export\s*\{[^}]*preparePasskeySignIn/);
  });
});

describe('@hpke/core in the build', () => {
  // @hpke/core's own message, in no file of ours.
  const HPKE_MARKER = 'Message limit reached';
  const importsHpke = (file: string) => /\bfrom\s*["']@hpke\/core/.test(readFileSync(file, 'utf8'));

  before(() => {
    if (!existsSync(join(DIST, 'client/index.js'))) throw new Error('dist/ is missing: run `npm run build` first');
  });

  for (const entry of ['index.js', 'client/index.js']) {
    it(`the ESM entry ${entry} reaches @hpke/core only through a dynamic import`, () => {
      const { loaded, lazy } = staticGraph(join(DIST, entry));
      expect([...loaded].filter(importsHpke), 'files loaded up front that import @hpke/core').to.deep.equal([]);
      const library = [...lazy].filter(importsHpke);
      expect(library, 'one lazily imported chunk holds the HPKE library').to.have.length(1);
      expect(loaded.has(library[0]!)).to.equal(false);
    });
  }

  it('the script-tag bundle holds no @hpke/core; embedded-wallet-hpke.js next to it does, as an ES module', () => {
    const bundle = readFileSync(join(DIST, 'browser/embedded-wallet-elements.js'), 'utf8');
    const library = readFileSync(join(DIST, 'browser/embedded-wallet-hpke.js'), 'utf8');
    expect(bundle.includes(HPKE_MARKER), 'the library in the bundle').to.equal(false);
    expect(bundle.includes('embedded-wallet-hpke.js'), 'the bundle names the file').to.equal(true);
    expect(library.includes(HPKE_MARKER), 'the library in its file').to.equal(true);
    // Self-contained, @hpke/common's fallback `import("crypto")` answered by the global (scripts/browser-crypto.mjs).
    expect(library).not.to.match(/\bfrom\s*["'][^./]/);
    expect(library).not.to.match(/\bimport\s*\(/);
    expect(library).to.match(/export\s*\{[^}]*sealOtpBundle/);
  });
});
