/**
 * The frame page's script (`dist/frame/embedded-wallet-frame.js`), loaded after
 * the script-tag bundle that defines the elements: it runs the frame
 * (frame-page/run-frame.ts).
 */
import { VERSION } from './packaging/version.js';
import { runFrame } from './frame-page/run-frame.js';

// frame.json and the pages of the frame's windows beside this script, not beside the page: the page's
// path is the host's to choose (its `frame` attribute), and a server that answers every path with
// the page would let it pick.
const beside = (file: string) =>
  new URL(file, (document.currentScript as HTMLScriptElement | null)?.src ?? location.href).href;
runFrame(window, VERSION, beside('frame.json'), {
  approval: beside('approve.html'),
  passkey: beside('passkey.html'),
  oauth: beside('oauth.html'),
});
