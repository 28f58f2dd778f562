// The package's files that browsers load, served by the backends: the
// script-tag bundle (with its source map and the files it loads when needed)
// at /assets/, and isolated mode's frame page at the frame origin (frame.js).
// Found where npm installed the package. Bundlers that cannot resolve a path
// (Next.js builds its route handlers) get them from server.js instead.
import { dirname } from 'node:path';
import { fileURLToPath } from 'node:url';

const directoryOf = (specifier) => dirname(fileURLToPath(import.meta.resolve(specifier)));

export const BROWSER_FILES = directoryOf('embedded-wallet-elements/browser');
export const FRAME_FILES = directoryOf('embedded-wallet-elements/frame/index.html');
