/**
 * Compile-time checks of the Vue typings (run by `npm run typecheck`): the
 * `ew-*` tags are global components with typed props.
 */
import type {} from 'embedded-wallet-elements/vue';
import type { GlobalComponents } from 'vue';

type WalletProps = InstanceType<GlobalComponents['ew-wallet']>['$props'];

export const accepted: WalletProps = { 'api-base': '/api', theme: 'light', 'hide-sections': true };
// @ts-expect-error theme is light or dark
export const refused: WalletProps = { theme: 'blue' };
