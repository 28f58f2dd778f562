/** `npm start` (sandbox, relay at /api, demo backend at /demo-api, Vite) under the robustness suite. */
import { robustnessSuite } from './suite.js';
import { startDemoTarget } from './targets.js';

robustnessSuite('npm start', startDemoTarget, { headerTimeout: true, loopbackOnly: true });
