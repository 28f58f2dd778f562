/**
 * `custom-elements.json` is what IDEs, Storybook and framework wrappers read:
 * it must be current (regenerated from the sources, byte for byte) and
 * complete for every element the package registers.
 */
import { expect } from 'chai';
import { execFile } from 'node:child_process';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import { promisify } from 'node:util';
import { describe, it } from 'node:test';
import { catalog } from '../helpers/element-catalog.js';

interface Declaration {
  tagName?: string;
  customElement?: boolean;
  attributes?: { name: string }[];
  members?: { kind: string; name: string; privacy?: string; static?: boolean }[];
  events?: { name: string; type?: { text: string } }[];
  slots?: { name: string }[];
  cssParts?: { name: string }[];
  cssProperties?: { name: string; default?: string }[];
}

/** Every element the package registers (src/elements/catalog.ts). */
const TAGS = catalog().map((e) => e.tag);

async function elements(file: string): Promise<Map<string, Declaration>> {
  const manifest = JSON.parse(await readFile(file, 'utf8')) as { modules: { declarations?: Declaration[] }[] };
  const found = new Map<string, Declaration>();
  for (const mod of manifest.modules) {
    for (const d of mod.declarations ?? []) if (d.customElement && d.tagName) found.set(d.tagName, d);
  }
  return found;
}

describe('custom-elements.json', () => {
  it('is current: regenerating it from the sources gives the committed file byte for byte', async () => {
    const out = await mkdtemp(join(tmpdir(), 'ew-cem-'));
    try {
      await promisify(execFile)(process.execPath, [
        'node_modules/@custom-elements-manifest/analyzer/cem.js',
        'analyze',
        '--outdir',
        relative(process.cwd(), out), // the analyzer resolves it against the working directory
      ]);
      const fresh = await readFile(join(out, 'custom-elements.json'), 'utf8');
      const committed = await readFile('custom-elements.json', 'utf8');
      expect(fresh === committed, 'custom-elements.json is stale: run `npm run build` and commit it').to.equal(true);
    } finally {
      await rm(out, { recursive: true, force: true });
    }
  });

  it('lists every element with its attributes, properties, events, slots, parts and CSS properties', async () => {
    const found = await elements('custom-elements.json');
    expect([...found.keys()].sort()).to.deep.equal([...TAGS].sort());
    for (const [tag, d] of found) {
      const publicFields = (d.members ?? []).filter((m) => m.kind === 'field' && m.privacy === 'public' && !m.static);
      expect(
        publicFields.map((m) => m.name),
        `${tag} properties`,
      ).to.include.members(['client', 'strings', 'locale']);
      expect(
        d.attributes?.map((a) => a.name),
        `${tag} attributes`,
      ).to.include('locale');
      expect(
        d.events?.map((e) => e.name),
        `${tag} events`,
      ).to.include('ew-error');
      expect(
        d.events!.every((e) => /^ew-[a-z-]+$/.test(e.name) && e.type?.text),
        `${tag} typed events`,
      ).to.equal(true);
      expect(d.cssParts?.length, `${tag} parts`).to.be.greaterThan(0);
      const cssNames = d.cssProperties?.map((p) => p.name) ?? [];
      expect(cssNames, `${tag} css properties`).to.include.members(['--ew-color-accent', '--ew-radius']);
    }
    const wallet = found.get('ew-wallet')!;
    expect(wallet.attributes!.map((a) => a.name)).to.include.members([
      'api-base',
      'account-id',
      'session-key-mode',
      'otp-target-key',
      'export-key',
      'rp-id',
      'theme',
    ]);
    expect(wallet.slots!.length).to.be.greaterThan(0);
    expect(found.get('ew-otp-sign-in')!.attributes!.map((a) => a.name)).to.include('channel');
    // Internal reactive state is not an attribute.
    expect(found.get('ew-approve-quote')!.attributes!.map((a) => a.name)).to.deep.equal([
      'destination-label',
      'app-name',
      'allow-unverified-payment',
      'allow-framed',
      'status',
      'failure-reason',
      'locale',
    ]);
    // Every element says when it is usable (ew-ready) for a host's own placeholder.
    for (const [tag, d] of found)
      expect(
        d.events!.map((e) => e.name),
        tag,
      ).to.include('ew-ready');
    expect(wallet.events!.map((e) => e.name)).to.include('ew-load-error');
    expect(wallet.attributes!.map((a) => a.name)).to.include.members(['first-sign-in', 'appearance']);
  });
});
