/**
 * Where the one-time-code `<input>` lives. Autofill (OS and browser) only
 * reaches fields in the page's own DOM, not inside shadow roots, so the code
 * field is appended to the outermost `ew-*` host in the page and slotted back
 * down: each `ew-*` element between it and `<ew-otp-sign-in>` forwards
 * the `ew-code` slot to its child.
 */
export const CODE_SLOT = 'ew-code';

/** The outermost `ew-*` element whose shadow tree (transitively) holds `el`. */
export function outermostWalletHost(el: Element): Element {
  let host = el;
  for (;;) {
    const root = host.getRootNode();
    if (!(root instanceof ShadowRoot) || !root.host.localName.startsWith('ew-')) return host;
    host = root.host;
  }
}
