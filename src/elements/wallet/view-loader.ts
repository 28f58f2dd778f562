/** How the wallet loads a view's code (lazy-elements.ts): once, and again after a failure, which it says like any error. */
import { loadWalletElement } from '../lazy-elements.js';
import { loadSignedInView } from './signed-in/load-signed-in-view.js';

/** The wallet's own signed-in view, as a loader's tag. */
export const SIGNED_IN_VIEW = 'signed-in-view';

/** How long a file that did not load waits before it is asked for again (a redraw asks at once otherwise). */
export const RETRY_AFTER_MS = 10_000;

/**
 * A loader that asks for each tag's code once (`SIGNED_IN_VIEW`: the wallet's signed-in view,
 * then `onLoaded` redraws). A file that did not load is said (`onError`, which redraws) and
 * asked for again when next needed, no sooner than RETRY_AFTER_MS: never in a loop of redraws.
 */
export function viewLoader(onError: (error: unknown) => void, onLoaded: () => void): (tag: string) => void {
  const asked = new Set<string>();
  return (tag) => {
    if (asked.has(tag)) return;
    asked.add(tag);
    (tag === SIGNED_IN_VIEW ? loadSignedInView().then(onLoaded) : loadWalletElement(tag)).catch((error: unknown) => {
      setTimeout(() => asked.delete(tag), RETRY_AFTER_MS);
      onError(error);
    });
  };
}
