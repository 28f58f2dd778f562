/**
 * UMA addresses in the sandbox: their shape, the sandbox's UMA domain, and
 * the documented test senders whose address decides how an incoming payment
 * (POST /sandbox/uma/receive) goes.
 */
import { followPath, SECOND, SUCCESS, type Outcome, type Step } from './payment-outcome.js';

/** The sandbox's UMA domain: customers' default addresses and the test senders live here. */
export const SANDBOX_UMA_DOMAIN = 'sandbox.local';

/** `$user@domain`: the user part as UMA allows it (letters, digits, `._+-`), a host name, an optional port. */
const UMA_ADDRESS = /^\$[A-Za-z0-9._+-]{1,64}@[A-Za-z0-9](?:[A-Za-z0-9.-]{0,251}[A-Za-z0-9])?(?::\d{1,5})?$/;

export const isUmaAddress = (value: unknown): value is string => typeof value === 'string' && UMA_ADDRESS.test(value);

/** UMA addresses compare without regard to case. */
export const sameUma = (a: string, b: string): boolean => a.toLowerCase() === b.toLowerCase();

interface TestSender {
  /** The currency the sender pays in. */
  currency: string;
  path: Step[];
}

/** The UMA test addresses (docs/sandbox.md, "Incoming UMA payments"); the user part before `@SANDBOX_UMA_DOMAIN`. */
const TEST_SENDERS: Record<string, TestSender> = {
  '$success.usd': { currency: 'USD', path: SUCCESS },
  '$success.eur': { currency: 'EUR', path: SUCCESS },
  '$success.mxn': { currency: 'MXN', path: SUCCESS },
  // "Long-pending": as long as the long quote payment (suffix 003), then it completes.
  '$pending.long.usd': {
    currency: 'USD',
    path: [
      { at: SECOND, status: 'PROCESSING' },
      { at: 6 * 60 * SECOND, status: 'COMPLETED' },
    ],
  },
  // Refused by the compliance check before any money moves.
  '$fail.compliance.usd': {
    currency: 'USD',
    path: [{ at: 0, status: 'FAILED', failureReason: 'COMPLIANCE_CHECK_FAILED' }],
  },
};

/** The test sender `address` names, if it is one. */
function testSender(address: string): TestSender | undefined {
  const [user, domain] = address.toLowerCase().split('@');
  return domain === SANDBOX_UMA_DOMAIN && Object.hasOwn(TEST_SENDERS, user!) ? TEST_SENDERS[user!] : undefined;
}

/** The currency `sender` pays in: a test sender's own, else the receiving currency (no conversion). */
export const senderCurrency = (sender: string, receivingCurrency: string): string =>
  testSender(sender)?.currency ?? receivingCurrency;

/** The outcome at `now` of a payment from `sender` received at `createdAt`; senders that are not test addresses succeed. */
export function umaOutcomeAt(sender: string, createdAt: number, now: number): Outcome {
  return followPath(testSender(sender)?.path ?? SUCCESS, createdAt, now);
}
