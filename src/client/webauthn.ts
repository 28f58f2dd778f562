/**
 * The client's one door to @simplewebauthn/browser. A ceremony must start
 * inside the user's tap with no await before it (flows/passkey.ts), so the
 * library is loaded while a ceremony is prepared (`loadWebAuthn`) and used
 * synchronously in the tap (`webauthn`). Here, in the ESM build, it is a
 * plain import (the passkey chunk is itself loaded lazily); the script-tag
 * build swaps this module for webauthn-script-tag.ts (scripts/browser-crypto.mjs).
 */
import * as library from '@simplewebauthn/browser';

export type WebAuthnLibrary = typeof library;

export const loadWebAuthn = (): Promise<WebAuthnLibrary> => Promise.resolve(library);

/** The library, once `loadWebAuthn` resolved. */
export const webauthn = (): WebAuthnLibrary | undefined => library;
