// <ew-approve-quote> as a lazy module (src/elements/lazy-elements.ts): defined when it arrives. It is
// fetched as soon as the tag is in the page (watchLazyElements), alongside the host's own quote request.
import { defineElement } from '../registry.js';
import { EwApproveQuote } from './approve-quote.js';

defineElement(EwApproveQuote);

export { EwApproveQuote };
