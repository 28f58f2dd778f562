/**
 * React 19 JSX typings for the `ew-*` elements. Opt in once, anywhere in your
 * program: `import type {} from 'embedded-wallet-elements/react';`
 *
 * React 19 passes kebab-case props as attributes, camelCase props the element
 * has as properties, and `on<event-name>` functions as listeners, so:
 * `<ew-wallet apiBase="/api" oidcTokenProvider={fn} onew-signed-in={(e) => ...} />`.
 * Each attribute is typed under both names; TypeScript checks the spelling of
 * the camelCase one only (it lets any hyphenated name through). React sets a
 * camelCase prop as a property, in the browser and once the element is
 * defined: under server rendering (Next.js) or for a lazily loaded element
 * (`<ew-approve-quote>`, the signed-in views, before
 * `await loadWalletElement(tag)`), give the kebab-case attribute.
 */
import type { DetailedHTMLProps, HTMLAttributes } from 'react';
import type { Camel } from './camel.js';
import type { EwElements, EwEventMap } from './element-types.js';

type EventProps = { [K in keyof EwEventMap as `on${K}`]?: (event: EwEventMap[K]) => void };

/**
 * The attributes of `T` under their property names (`apiBase`), typed as the properties React
 * sets them to on a defined element (a number stays a number: `codeLength={6}`, not `"6"`).
 */
type PropertyNames<T extends keyof EwElements> = {
  [K in keyof EwElements[T]['attributes'] as Camel<K & string>]?: Camel<
    K & string
  > extends keyof EwElements[T]['element']
    ? EwElements[T]['element'][Camel<K & string>]
    : never;
};

type ReactProps<T extends keyof EwElements> = DetailedHTMLProps<
  HTMLAttributes<EwElements[T]['element']>,
  EwElements[T]['element']
> &
  EwElements[T]['attributes'] &
  PropertyNames<T> &
  EwElements[T]['properties'] &
  EventProps;

export type EwReactElements = { [T in keyof EwElements]: ReactProps<T> };

declare module 'react' {
  // eslint-disable-next-line @typescript-eslint/no-namespace -- React's JSX lives in a namespace
  namespace JSX {
    // eslint-disable-next-line @typescript-eslint/no-empty-object-type -- declaration merging
    interface IntrinsicElements extends EwReactElements {}
  }
}
