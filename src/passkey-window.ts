/**
 * The script of isolated mode's passkey window (`dist/frame/passkey.html`,
 * `embedded-wallet-passkey-window.js`): the page the wallet's frame opens for a
 * passkey ceremony it may not run itself
 * (frame-page/passkey-window/run-window.ts).
 */
import { runPasskeyWindow } from './frame-page/passkey-window/run-window.js';

runPasskeyWindow(window);
