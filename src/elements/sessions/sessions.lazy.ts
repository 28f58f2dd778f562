// <ew-sessions> as a lazy module (src/elements/lazy-elements.ts): defined when it arrives.
import { defineElement } from '../registry.js';
import { EwSessions } from './sessions.js';

defineElement(EwSessions);

export { EwSessions };
