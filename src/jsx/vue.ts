/**
 * Vue 3 typings: the `ew-*` tags as global components, so templates are
 * type-checked (vue-tsc, Volar, `strictTemplates` included). Opt in once:
 * `import type {} from 'embedded-wallet-elements/vue';` and tell Vue they are
 * custom elements (`compilerOptions.isCustomElement: (tag) => tag.startsWith('ew-')`).
 *
 * Vue's checker reads a template the way Vue's runtime does: `account-id="…"`
 * and `:account-id="…"` are the prop `accountId`, `@ew-signed-in="…"` is the
 * listener `onEwSignedIn`. So the props here are camelCase, each listener gets
 * its event's own type, and a template ref (`useTemplateRef`, `ref="…"`) is the
 * element itself (`wallet.value?.signOut()`). Pass objects with `.prop`
 * (`:strings.prop="…"`, `:quote.prop="…"`).
 */
import type { AllowedComponentProps, HTMLAttributes, VNodeProps } from 'vue';
import type { Camel } from './camel.js';
import type { EwElements, EwEventMap } from './element-types.js';

type Attributes<T extends keyof EwElements> = {
  [K in keyof EwElements[T]['attributes'] as Camel<K & string>]?: EwElements[T]['attributes'][K];
};

/** `@ew-signed-in` → `onEwSignedIn`, with the event's type. */
type Listeners = {
  [K in keyof EwEventMap as `on${Capitalize<Camel<K & string>>}`]?: (event: EwEventMap[K]) => void;
};

/** What a template may set on the tag `T`: its attributes (camelCase, as Vue reads them), its properties and its listeners. */
export type EwVueProps<T extends keyof EwElements> = Attributes<T> & EwElements[T]['properties'] & Listeners;

/**
 * The tag `T` as Vue's checker sees a component: its props beside any HTML attribute (`id`,
 * `hidden`, `aria-label`, `@click`) and Vue's own (`ref`, `key`), and for a template ref, the
 * element (a custom element is no Vue component instance).
 */
export type EwVueComponent<T extends keyof EwElements> = new () => EwElements[T]['element'] & {
  $props: EwVueProps<T> & HTMLAttributes & VNodeProps & AllowedComponentProps;
};

export type EwVueComponents = { [T in keyof EwElements]: EwVueComponent<T> };

declare module 'vue' {
  // eslint-disable-next-line @typescript-eslint/no-empty-object-type -- declaration merging
  interface GlobalComponents extends EwVueComponents {}
}
