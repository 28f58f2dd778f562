/** Loads the widget the way partners do: the script-tag bundle, or the ESM build with ?build=esm. */
import type * as Widget from '../src/index.js';
import { $ } from './page.js';

const WIDGET_URL = '/widget/embedded-wallet-elements.js';
const HOST_URL = '/widget/embedded-wallet-host.js';

/** The page's Trusted Types policy (CSP `trusted-types lit-html ew-demo`): it allows the widget's URLs only. */
const loaderPolicy = (
  window as unknown as {
    trustedTypes?: { createPolicy(name: string, rules: { createScriptURL(url: string): string }): unknown };
  }
).trustedTypes?.createPolicy('ew-demo', {
  createScriptURL(url) {
    if (url !== WIDGET_URL && url !== HOST_URL) throw new TypeError(`not the widget: ${url}`);
    return url;
  },
}) as { createScriptURL(url: string): string } | undefined;

/** Adds a script tag for `url` (one of the policy's), resolving once it ran. */
function loadScript(url: string): Promise<void> {
  return new Promise<void>((resolve, reject) => {
    const script = document.createElement('script');
    // A TrustedScriptURL where the browser enforces Trusted Types; the plain string elsewhere.
    script.src = (loaderPolicy?.createScriptURL(url) ?? url) as string;
    script.onload = () => resolve();
    script.onerror = () => reject(new Error(`${url} did not load`));
    document.head.append(script);
  });
}

/** Loads the widget: the script-tag bundle, or the ESM build with ?build=esm. */
export async function loadWidget(): Promise<typeof Widget> {
  const esm = new URLSearchParams(location.search).get('build') === 'esm';
  $('#build').textContent = esm ? 'ESM (switch: remove ?build=esm)' : 'script tag (switch: add ?build=esm)';
  if (esm) return import('../src/index.js');
  await loadScript(WIDGET_URL);
  return (window as unknown as { EmbeddedWallet: typeof Widget }).EmbeddedWallet;
}

/** Isolated mode: only the host script; the wallet runs in the frame at `frameUrl`. */
export async function loadHostScript(frameUrl: string): Promise<void> {
  $('#build').textContent =
    `isolated mode, the wallet framed from ${new URL(frameUrl).origin} (switch: remove ?mode=isolated)`;
  await loadScript(HOST_URL);
}
