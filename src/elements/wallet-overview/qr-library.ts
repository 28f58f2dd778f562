/**
 * The overview's one door to the QR encoder, loaded when a QR code is first
 * shown, never for the first paint. In the ESM build a dynamic import (its own
 * chunk); the script-tag build swaps this module for qr-library-script-tag.ts
 * (scripts/browser-crypto.mjs).
 */
import type * as Encoder from './qr-encoder.js';

export type QrEncoder = typeof Encoder;

export const loadQrEncoder = (): Promise<QrEncoder> => import('./qr-encoder.js');
