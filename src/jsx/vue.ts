/**
 * Vue 3 typings: the `ew-*` tags as global components, so templates are
 * type-checked (vue-tsc, Volar). Opt in once:
 * `import type {} from 'embedded-wallet-elements/vue';` and tell Vue they are
 * custom elements (`compilerOptions.isCustomElement: (tag) => tag.startsWith('ew-')`).
 * Listen with `@ew-signed-in="..."`; pass objects with `.prop` (`:strings.prop="..."`).
 */
import type { DefineComponent } from 'vue';
import type { EwElements, EwEventMap } from './element-types.js';

type EventProps = {
  [K in keyof EwEventMap as `on${Capitalize<K>}`]?: (event: EwEventMap[K]) => void;
};

export type EwVueComponents = {
  [T in keyof EwElements]: DefineComponent<EwElements[T]['attributes'] & EwElements[T]['properties'] & EventProps>;
};

declare module 'vue' {
  // eslint-disable-next-line @typescript-eslint/no-empty-object-type -- declaration merging
  interface GlobalComponents extends EwVueComponents {}
}
