// <ew-account-settings> as a lazy module (src/elements/lazy-elements.ts): defined when it arrives.
import { defineElement } from '../registry.js';
import { EwAccountSettings } from './account-settings.js';

defineElement(EwAccountSettings);

export { EwAccountSettings };
