// The question a list row asks before its action, as a lazy module (load-confirm-row.ts).
export { ConfirmRow } from './confirm-row.js';
