/**
 * The frame page's script (dist/frame/): reads the frame's configuration,
 * waits for its parent's handshake, and draws the element asked for. Opened on
 * its own (not in a frame), or for a page its configuration does not list, it
 * draws no element, makes no client and reads no storage: it says why, once.
 */
import { acceptParentLink } from '../frame-link/handshake.js';
import { FRAME_MARK } from '../elements/export-wallet/frame-mark.js';
import { SURFACES } from '../frame-link/surface.js';
import { parseFrameConfig, type FrameConfig } from './config.js';
import { FRAME_WINDOWS } from './equip.js';
import { mountElement } from './mount.js';

const WHY: Record<string, string> = {
  top: 'This page shows a wallet inside the app that uses it. Open that app instead.',
  FRAME_PARENT_NOT_ALLOWED: 'This wallet cannot be shown on this page.',
  FRAME_CONFIG_INVALID: 'This wallet is not set up: its frame.json could not be read.',
};

function say(doc: Document, why: string): void {
  const p = doc.createElement('p');
  p.textContent = WHY[why] ?? WHY['FRAME_PARENT_NOT_ALLOWED']!;
  doc.body.replaceChildren(p);
}

async function readConfig(view: Window, url: string): Promise<FrameConfig> {
  const response = await view.fetch(url, { cache: 'no-store', credentials: 'same-origin' });
  if (!response.ok) throw new Error(`frame.json: ${url} answered ${response.status}`);
  return parseFrameConfig(await response.json());
}

/**
 * Runs the frame in `view`. Beside the page by default: `configUrl`, its frame.json, and `windows`, the
 * pages of its windows.
 */
export function runFrame(view: Window, version: string, configUrl = 'frame.json', windows = FRAME_WINDOWS): void {
  const doc = view.document;
  // The script may run before the page is parsed (it loads `async`, to read frame.json sooner).
  const body = new Promise<HTMLElement>((resolve) =>
    doc.body ? resolve(doc.body) : doc.addEventListener('DOMContentLoaded', () => resolve(doc.body), { once: true }),
  );
  // The frame's page is its content: no margin, and a box that holds its child's margins, so the
  // body's height is what the host must show.
  void body.then((b) => Object.assign(b.style, { margin: '0', display: 'flow-root' }));
  const tell = (why: string) => void body.then(() => say(doc, why));
  if (view.parent === view) return tell('top');
  // The elements drawn here are on a page that runs the wallet's scripts only (export-wallet/frame-mark.ts).
  doc.documentElement.setAttribute(FRAME_MARK, '');
  const config = readConfig(view, configUrl);
  config.catch((error: unknown) => {
    console.error(`embedded-wallet-elements: ${(error as Error).message}`);
    tell('FRAME_CONFIG_INVALID');
  });
  acceptParentLink(view, {
    parentOrigins: config.then((c) => c.parentOrigins),
    tags: Object.keys(SURFACES),
    version,
    onRefused: tell,
    // Drawn once the page is parsed and the bundle has defined the tag (it runs after this script).
    onLink: ({ port, tag, origin }) =>
      void Promise.all([config, defined(view, tag), body]).then(([c]) =>
        mountElement(doc, c, port, { tag, origin, windows }),
      ),
  });
}

/**
 * Resolves once element `tag` is defined: after the script-tag bundle has run (it defines
 * `<ew-wallet>` at once) and, for a part it loads on first use (`<ew-sessions>`, …), has loaded it.
 */
async function defined(view: Window, tag: string): Promise<void> {
  await view.customElements.whenDefined('ew-wallet');
  const bundle = (view as Window & { EmbeddedWallet?: { loadWalletElement(tag: string): Promise<void> } })
    .EmbeddedWallet;
  await bundle?.loadWalletElement(tag);
  await view.customElements.whenDefined(tag);
}
