/** How the wallet loads a view's code (lazy-elements.ts): once, and again after a failure, which it says like any error. */
import { loadWalletElement } from '../lazy-elements.js';
import { loadSignedInView } from './signed-in/load-signed-in-view.js';

/** The wallet's own signed-in view, as a loader's tag. */
export const SIGNED_IN_VIEW = 'signed-in-view';

/** How long a file that did not load waits before it is asked for again (a redraw asks at once otherwise). */
export const RETRY_AFTER_MS = 10_000;

/** Fetches a tag's code: the signed-in view's, or a lazy element's. */
const loadTag = (tag: string): Promise<unknown> =>
  tag === SIGNED_IN_VIEW ? loadSignedInView() : loadWalletElement(tag);

/**
 * A loader that asks for each tag's code once (`SIGNED_IN_VIEW`: the wallet's signed-in view,
 * then `onLoaded` redraws). A file that did not load is said (`onError`, which redraws) and
 * asked for again when next needed, no sooner than `retryAfterMs`: never in a loop of redraws.
 */
export function viewLoader(
  onError: (error: unknown) => void,
  onLoaded: () => void,
  { load = loadTag, retryAfterMs = RETRY_AFTER_MS } = {},
): (tag: string) => void {
  const asked = new Set<string>();
  return (tag) => {
    if (asked.has(tag)) return;
    asked.add(tag);
    load(tag).then(
      () => tag === SIGNED_IN_VIEW && onLoaded(),
      (error: unknown) => {
        setTimeout(() => asked.delete(tag), retryAfterMs);
        onError(error);
      },
    );
  };
}
