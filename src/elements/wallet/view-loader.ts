/** How the wallet loads a view's code (lazy-elements.ts): once, and again after a failure, which it says like any error. */
import { loadWalletElement } from '../lazy-elements.js';

/** A loader that asks for each tag's code once; a file that did not load is asked for again the next time. */
export function viewLoader(onError: (error: unknown) => void): (tag: string) => void {
  const asked = new Set<string>();
  return (tag) => {
    if (asked.has(tag)) return;
    asked.add(tag);
    loadWalletElement(tag).catch((error: unknown) => {
      asked.delete(tag);
      onError(error);
    });
  };
}
