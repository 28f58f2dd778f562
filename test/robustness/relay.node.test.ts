/** The relay as a partner mounts it (plain node:http, default server options) under the robustness suite. */
import { robustnessSuite } from './suite.js';
import { startRelayTarget } from './targets.js';

robustnessSuite('relay', startRelayTarget, { headerTimeout: false });
