import { importBundleFile } from '../bundle-file.js';
import type * as NoblePublicKey from './noble-public-key.js';

/**
 * The script-tag bundle's loader for the @noble/curves fallback: one more ES
 * module next to the bundle (scripts/browser-crypto.mjs builds it), fetched
 * only by engines that refuse the native session-key import.
 */

/** The fallback's file name, next to embedded-wallet-elements.js. */
export const P256_FALLBACK_FILE = 'embedded-wallet-p256.js';

export const loadNoblePublicPoint = () => importBundleFile<typeof NoblePublicKey>(P256_FALLBACK_FILE);
