/**
 * Compile-time checks of the React typings (run by `npm run typecheck`): what
 * must be accepted is used, what must be refused carries `@ts-expect-error`,
 * so a typing that stops refusing it fails the build.
 */
import type {} from 'embedded-wallet-elements/react';
import type { Quote } from 'embedded-wallet-elements/client';

export const accepted = (quote: Quote) => (
  <>
    <ew-wallet api-base="/api" account-id="InternalAccount:1" theme="dark" hide-sections>
      <ew-approve-quote
        quote={quote}
        onew-signature={(event) => event.detail.idempotencyKey.length}
        onew-error={(event) => event.detail.code}
      />
    </ew-wallet>
    <ew-otp-sign-in channel="sms" code-length={6} />
    <ew-export-wallet reveal-seconds={30} />
  </>
);

export const refused = () => (
  <>
    {/* @ts-expect-error theme is light or dark */}
    <ew-wallet theme="blue" />
    {/* @ts-expect-error the signature event has no `amount` */}
    <ew-approve-quote onew-signature={(event) => event.detail.amount} />
    {/* @ts-expect-error strings are a partial strings table, not text */}
    <ew-sign-in strings="hello" />
  </>
);
