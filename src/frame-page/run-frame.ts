/**
 * The frame page's script (dist/frame/): reads the frame's configuration,
 * waits for its parent's handshake, and draws the element asked for. Opened on
 * its own (not in a frame), or for a page its configuration does not list, it
 * draws no element, makes no client and reads no storage: it says why, once.
 */
import { acceptParentLink } from '../frame-link/handshake.js';
import { SURFACES } from '../frame-link/surface.js';
import { parseFrameConfig, type FrameConfig } from './config.js';
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
 * Runs the frame in `view`. Beside the page by default: `configUrl`, its frame.json, and `windowUrl`,
 * the page of its confirmation window (approve.html).
 */
export function runFrame(view: Window, version: string, configUrl = 'frame.json', windowUrl = 'approve.html'): void {
  const doc = view.document;
  // The frame's page is its content: no margin, and a box that holds its child's margins, so the
  // body's height is what the host must show.
  doc.body.style.margin = '0';
  doc.body.style.display = 'flow-root';
  if (view.parent === view) return say(doc, 'top');
  const config = readConfig(view, configUrl);
  config.catch((error: unknown) => {
    console.error(`embedded-wallet-elements: ${(error as Error).message}`);
    say(doc, 'FRAME_CONFIG_INVALID');
  });
  acceptParentLink(view, {
    parentOrigins: config.then((c) => c.parentOrigins),
    tags: Object.keys(SURFACES),
    version,
    onRefused: (code) => say(doc, code),
    // The element is drawn once its tag is defined: the bundle may still be running (frame-page-files.mjs).
    onLink: ({ port, tag, origin }) =>
      void Promise.all([config, view.customElements.whenDefined(tag)]).then(([c]) =>
        mountElement(doc, c, port, { tag, origin, windowUrl }),
      ),
  });
}
