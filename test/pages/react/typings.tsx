/**
 * Compile-time checks of the React typings (run by `npm run typecheck`): what
 * must be accepted is used, what must be refused carries `@ts-expect-error`,
 * so a typing that stops refusing it fails the build.
 */
import type {} from 'embedded-wallet-elements/react';
import type { EwSignedOutEvent } from 'embedded-wallet-elements';
import type { Quote } from 'embedded-wallet-elements/client';
import { useRef } from 'react';

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
    <ew-otp-sign-in codeLength={6} />
    <ew-export-wallet reveal-seconds={30} />
    <ew-wallet apiBase="/api" accountId="InternalAccount:1" maxSessionSeconds="900" hideSections />
  </>
);

/** A ref is the element: the partner's own logout ends the wallet's session too. */
export function Logout() {
  const wallet = useRef<HTMLElementTagNameMap['ew-wallet']>(null);
  // @ts-expect-error <ew-wallet> has no such method
  const refused = () => wallet.current?.notAMethod();
  void refused;
  return (
    <>
      <ew-wallet ref={wallet} apiBase="/api" />
      <button type="button" onClick={() => void wallet.current?.signOut()}>
        Log out
      </button>
    </>
  );
}

export const refused = () => (
  <>
    {/* @ts-expect-error theme is light or dark */}
    <ew-wallet theme="blue" />
    {/* @ts-expect-error the signature event has no `amount` */}
    <ew-approve-quote onew-signature={(event) => event.detail.amount} />
    {/* @ts-expect-error strings are a partial strings table, not text */}
    <ew-sign-in strings="hello" />
    {/* @ts-expect-error account-id is text, not a number */}
    <ew-wallet accountId={123} />
    {/* @ts-expect-error as a property, codeLength is a number (React would set the text "6") */}
    <ew-otp-sign-in codeLength="6" />
    {/* @ts-expect-error apiBsae is no property of ew-wallet (TypeScript checks camelCase names only) */}
    <ew-wallet apiBsae="/api" />
    {/* @ts-expect-error the signed-in listener gets an EwSignedInEvent, not an EwSignedOutEvent */}
    <ew-wallet onew-signed-in={(event: EwSignedOutEvent) => event.detail.cause} />
  </>
);
