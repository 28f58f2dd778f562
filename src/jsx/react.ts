/**
 * React 19 JSX typings for the `ew-*` elements. Opt in once, anywhere in your
 * program: `import type {} from 'embedded-wallet-elements/react';`
 *
 * React 19 passes kebab-case props as attributes, camelCase props the element
 * has as properties, and `on<event-name>` functions as listeners, so:
 * `<ew-wallet api-base="/api" oidcTokenProvider={fn} onew-signed-in={(e) => ...} />`.
 */
import type { DetailedHTMLProps, HTMLAttributes } from 'react';
import type { EwElements, EwEventMap } from './element-types.js';

type EventProps = { [K in keyof EwEventMap as `on${K}`]?: (event: EwEventMap[K]) => void };

type ReactProps<T extends keyof EwElements> = DetailedHTMLProps<
  HTMLAttributes<EwElements[T]['element']>,
  EwElements[T]['element']
> &
  EwElements[T]['attributes'] &
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
