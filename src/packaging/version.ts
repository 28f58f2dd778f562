/**
 * The package version. Stamped on each registered element class and on every
 * lazy file of the script tag, so that a page mixing two versions is told so.
 */
export const VERSION = '0.2.0';
