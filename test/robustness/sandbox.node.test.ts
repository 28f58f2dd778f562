/** The sandbox alone, as `npm run sandbox` starts it, under the robustness suite. */
import { robustnessSuite } from './suite.js';
import { startSandboxTarget } from './targets.js';

robustnessSuite('sandbox', startSandboxTarget, { headerTimeout: true });
