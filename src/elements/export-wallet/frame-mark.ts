/**
 * The mark isolated mode's frame page puts on its root element
 * (frame-page/run-frame.ts): the page the elements are on runs the wallet's
 * scripts only, so what warns of the page's other scripts does not apply.
 * Beside the export, the one element that warns of them, so it loads with it.
 */
export const FRAME_MARK = 'data-ew-frame';

/** Whether `doc` is isolated mode's frame page. */
export const isolatedFrame = (doc: Document): boolean => doc.documentElement.hasAttribute(FRAME_MARK);
