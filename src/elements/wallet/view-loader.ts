/** How the wallet loads a view's code (lazy-elements.ts): once, and again after a failure, which it says like any error. */
import { loadWalletElement } from '../lazy-elements.js';
import { loadSignedInView } from './signed-in/load-signed-in-view.js';

/** The wallet's own signed-in view, as a loader's tag. */
export const SIGNED_IN_VIEW = 'signed-in-view';

/**
 * A loader that asks for each tag's code once (`SIGNED_IN_VIEW`: the wallet's signed-in view,
 * then `onLoaded` redraws); a file that did not load is asked for again the next time.
 */
export function viewLoader(onError: (error: unknown) => void, onLoaded: () => void): (tag: string) => void {
  const asked = new Set<string>();
  return (tag) => {
    if (asked.has(tag)) return;
    asked.add(tag);
    (tag === SIGNED_IN_VIEW ? loadSignedInView().then(onLoaded) : loadWalletElement(tag)).catch((error: unknown) => {
      asked.delete(tag);
      onError(error);
    });
  };
}
