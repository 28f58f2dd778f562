/**
 * The elements a signed-out visitor never needs (the signed-in views) and
 * the one only a payment page needs (the approval), loaded when first used
 * (src/packaging/lazy-module.ts): each `<name>.lazy.ts` defines its element
 * when it arrives. `<ew-wallet>` loads a view when it shows it; an `ew-*` tag
 * of these put in the page by the host is loaded once it is there
 * (`watchLazyElements`).
 */
import { WalletCryptoError } from '../client/index.js';
import { lazyModule } from '../packaging/lazy-module.js';
import { EwLoadErrorEvent } from './events/load-error.js';
import { describeError } from './shared/error-info.js';

const lazyElement = (name: string, load: () => Promise<unknown>) =>
  lazyModule({
    name,
    neededBy: `<ew-${name}> needs`,
    load,
    refuse: (message, cause) => new WalletCryptoError('CONFIG_BUNDLE_FILE', message, { cause }),
  });

export const LAZY_ELEMENTS: Readonly<Record<string, () => Promise<unknown>>> = {
  'ew-wallet-overview': lazyElement('wallet-overview', () => import('./wallet-overview/wallet-overview.lazy.js')),
  'ew-sessions': lazyElement('sessions', () => import('./sessions/sessions.lazy.js')),
  'ew-credentials': lazyElement('credentials', () => import('./credentials/credentials.lazy.js')),
  'ew-account-settings': lazyElement('account-settings', () => import('./account-settings/account-settings.lazy.js')),
  'ew-export-wallet': lazyElement('export-wallet', () => import('./export-wallet/export-wallet.lazy.js')),
  'ew-approve-quote': lazyElement('approve-quote', () => import('./approve-quote/approve-quote.lazy.js')),
};

/**
 * Loads a lazy element (which defines it); resolves at once for any other
 * tag. Rejects with `CONFIG_BUNDLE_FILE` when its file does not load; the next
 * call tries again.
 */
export async function loadWalletElement(tag: string): Promise<void> {
  if (Object.hasOwn(LAZY_ELEMENTS, tag)) await LAZY_ELEMENTS[tag]!();
}

let watching: MutationObserver | undefined;

/** Loads each lazy element the page holds, now and whenever one is added; stops once all are loaded. */
export function watchLazyElements(root: Document = document): void {
  if (watching || typeof MutationObserver === 'undefined') return;
  const pending = new Set(Object.keys(LAZY_ELEMENTS).filter((tag) => !customElements.get(tag)));
  const found = (tag: string) => {
    if (!pending.delete(tag)) return;
    LAZY_ELEMENTS[tag]!().catch((error: unknown) => {
      // Said on the elements waiting for it (`ew-load-error`, as a failed first load is), and the
      // tag waits again: one put in the page later tries the file again.
      console.warn(`embedded-wallet-elements: <${tag}>`, error);
      const info = describeError(error, 'load');
      for (const el of root.querySelectorAll(tag)) el.dispatchEvent(new EwLoadErrorEvent(info));
      pending.add(tag);
      watching?.observe(root, { childList: true, subtree: true }); // again, if every tag had been found
    });
    if (pending.size === 0) watching?.disconnect();
  };
  // One query per added subtree, for the tags still waiting (a busy page adds many nodes).
  const scan = (node: ParentNode) => {
    if (pending.size) for (const el of node.querySelectorAll([...pending].join(','))) found(el.localName);
  };
  watching = new MutationObserver((records) => {
    for (const record of records)
      for (const node of record.addedNodes)
        if (node instanceof Element) {
          if (pending.has(node.localName)) found(node.localName);
          scan(node);
        }
  });
  if (pending.size === 0) return;
  watching.observe(root, { childList: true, subtree: true });
  scan(root);
}
