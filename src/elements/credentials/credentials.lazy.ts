// <ew-credentials> as a lazy module (src/elements/lazy-elements.ts): defined when it arrives.
import { defineElement } from '../registry.js';
import { EwCredentials } from './credentials.js';

defineElement(EwCredentials);

export { EwCredentials };
