// The ESM page's entry, bundled by vite (`npm run build` -> public/esm/): the
// elements from the package, then the same page script as the script-tag page.
import 'embedded-wallet-elements';
import '../public/page.js';
