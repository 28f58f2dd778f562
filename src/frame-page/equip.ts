/**
 * What the frame gives an element it draws in place of what a page gives it
 * in-page: where passkey ceremonies go that the frame may not run
 * (passkey-window/), the OAuth token provider of frame.json's identity
 * provider (oauth-window/) and its button's words, and for a part used on its
 * own, its client (part-client.ts). `<ew-wallet>` makes its own client from
 * frame.json's attributes.
 */
import type { FrameConfig } from './config.js';
import { oauthWindow } from './oauth-window/open-oauth.js';
import { partClient } from './part-client.js';
import { ceremonyWindow } from './passkey-window/open-ceremony.js';

/** The pages of the frame's windows: where a payment is confirmed, a passkey ceremony runs, an OAuth sign-in returns. */
export const FRAME_WINDOWS = { approval: 'approve.html', passkey: 'passkey.html', oauth: 'oauth.html' };

/** Where each element takes the OAuth button's words, as in-page. */
const OAUTH_LABEL: Record<string, string> = {
  'ew-wallet': 'oauth-label',
  'ew-sign-in': 'oauth-label',
  'ew-oauth-sign-in': 'label',
};

/**
 * Equips `element` (of `tag`, not yet in the page) with the frame's hooks and words; returns what to
 * call after the host changed an attribute (a part's client follows its `account-id`).
 */
export function equipElement(
  element: HTMLElement,
  tag: string,
  view: Window,
  config: FrameConfig,
  windows: typeof FRAME_WINDOWS,
): () => void {
  const passkeyCeremonyElsewhere = ceremonyWindow(view, windows.passkey, element);
  const oidcTokenProvider = config.oauth && oauthWindow(view, config.oauth, windows.oauth);
  const label = OAUTH_LABEL[tag];
  if (config.oauth?.label && label) element.setAttribute(label, config.oauth.label);
  if (tag === 'ew-wallet') {
    for (const [name, value] of Object.entries(config.attributes)) element.setAttribute(name, value);
    Object.assign(element, { passkeyCeremonyElsewhere, ...(oidcTokenProvider ? { oidcTokenProvider } : {}) });
    return () => {};
  }
  const follow = partClient(view, config, { passkeyCeremonyElsewhere, oidcTokenProvider });
  return () => follow(element);
}
