/** The elements' words: the table's shape, English, the current choice, and errors as words. */
export { STRINGS_EN } from './en.js';
export { errorText } from './error-text.js';
export {
  loadWalletStrings,
  localeTable,
  mergeOverrides,
  mergeStrings,
  resolveStrings,
  setWalletStrings,
} from './current.js';
export type { ShownErrorCode, WalletStringOverrides, WalletStrings } from './table.js';
