/**
 * The one door to the Spanish strings: a dynamic import in the ESM build (its
 * own chunk); the script-tag build swaps this module for
 * spanish-script-tag.ts (scripts/browser-crypto.mjs).
 */
import type * as Spanish from './es.js';

export const loadSpanish = (): Promise<typeof Spanish> => import('./es.js');
