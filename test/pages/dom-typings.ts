/**
 * Compile-time checks (run by `npm run typecheck`) that the package types the
 * DOM for hosts: tag names map to element classes and `ew-*` events carry
 * their detail types, with no casts.
 */
import 'embedded-wallet-elements';

export function host(): string | undefined {
  const wallet = document.querySelector('ew-wallet');
  const accountId: string | undefined = wallet?.accountId;
  wallet?.addEventListener('ew-signature', (event) => {
    const key: string = event.detail.idempotencyKey;
    const expires: Date = event.detail.sessionExpiresAt;
    // @ts-expect-error the detail has no amount
    void event.detail.amount;
    void [key, expires];
  });
  document.addEventListener('ew-error', (event) => void event.detail.code.toLowerCase());
  // @ts-expect-error ew-wallet has no such property
  void wallet?.notAProperty;
  return accountId;
}
