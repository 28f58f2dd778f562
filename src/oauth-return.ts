/**
 * The script of isolated mode's OAuth return page (`dist/frame/oauth.html`,
 * `embedded-wallet-oauth-return.js`): where the identity provider sends the
 * user back to, in the window the frame opened
 * (frame-page/oauth-window/return-page.ts).
 */
import { runOAuthReturn } from './frame-page/oauth-window/return-page.js';

runOAuthReturn(window);
