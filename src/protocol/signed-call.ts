/**
 * The signed retry (docs/protocol.md, "The signed retry"): send; on 202
 * check `payloadToSign` against what this operation expects, stamp its exact
 * bytes with the caller's session key, and send the same request again with
 * `Service-Wallet-Signature` and `Request-Id`. A used `requestId` is never
 * sent again. After an ambiguous failure of the retry (timeout, dropped
 * connection, 5xx) the caller's `readBack` decides: if the action happened,
 * done; if not, start over from the first call, once.
 *
 * Every operation that comes here is one the service signs, so it must be
 * answered 202 first: a relay that answers at once (say, with an export
 * bundle of another wallet) is refused, and every result rests on a payload
 * this client checked; only an operation's own `unsignedAnswer` may say an
 * answer needed no signature.
 */
import { checkPayloadToSign, createStamp, type ActivityPayload, type PayloadExpectation } from '../crypto/index.js';
import type { ApiCall, ApiClient } from './api-client.js';
import { WalletError } from './wallet-error.js';

export interface SignedCall extends ApiCall {
  /** What the payload must be, given the server's current time. */
  expect: (serverNow: number) => PayloadExpectation;
  /** The session key pair to stamp with, fetched at signing time (so it can refuse if the session changed). */
  signer: () => CryptoKeyPair | Promise<CryptoKeyPair>;
  /** Reads the state back after an ambiguous retry failure: true when the action happened. */
  readBack?: () => Promise<boolean>;
  /**
   * An answer without the 202 this operation may take: one that shows there
   * was nothing to sign (a contact "change" to the value it already has).
   * Without it, every such answer is refused.
   */
  unsignedAnswer?: (status: number, body: unknown) => boolean;
}

export interface SignedResult<T> {
  status: number;
  /** The final answer's body; undefined when the outcome was learned by reading the state back. */
  body: T | undefined;
  /** `answered`: the service confirmed. `read-back`: the answer was lost but the state shows it happened. */
  outcome: 'answered' | 'read-back';
  /** The activity this client checked and stamped; undefined for other payload kinds or when none was asked for. */
  activity: ActivityPayload | undefined;
}

interface Challenge {
  payloadToSign: string;
  requestId: string;
}

/** The service's request ids are `Request:<uuid>`: anything else could not be one, and would go out as a header. */
const REQUEST_ID = /^Request:[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Whether `value` can be a request id the service issued. */
export const isRequestId = (value: unknown): value is string => typeof value === 'string' && REQUEST_ID.test(value);

function readChallenge(body: unknown, operation: string): Challenge {
  const b = body as Partial<Challenge> | undefined;
  if (typeof b?.payloadToSign !== 'string' || typeof b.requestId !== 'string') {
    throw new WalletError('INVALID_RESPONSE', `${operation}: a 202 answer without payloadToSign and requestId`, {
      status: 202,
      operation,
    });
  }
  // Checked before anything is stamped: a stamp made for a request that cannot be sent is one more stamp in the open.
  if (!isRequestId(b.requestId)) {
    throw new WalletError('INVALID_RESPONSE', `${operation}: the requestId is not Request:<uuid>`, {
      status: 202,
      operation,
    });
  }
  return { payloadToSign: b.payloadToSign, requestId: b.requestId };
}

/** Runs a wallet-signed operation end to end. */
export async function signedCall<T = Record<string, unknown>>(
  api: ApiClient,
  call: SignedCall,
): Promise<SignedResult<T>> {
  const { expect, signer, readBack, unsignedAnswer, ...request } = call;
  for (let attempt = 1; ; attempt++) {
    const first = await api.call<T>(request);
    if (first.status !== 202) {
      if (unsignedAnswer?.(first.status, first.body)) {
        return { status: first.status, body: first.body, outcome: 'answered', activity: undefined };
      }
      throw new WalletError(
        'INVALID_RESPONSE',
        `${call.operation}: answered without asking for the wallet's signature`,
        {
          status: first.status,
          operation: call.operation,
        },
      );
    }
    const challenge = readChallenge(first.body, call.operation);
    const expectation = expect(api.clock.now());
    const checked = checkPayloadToSign(challenge.payloadToSign, expectation);
    const activity = expectation.kind === 'activity' ? (checked as ActivityPayload) : undefined;
    const stamp = await createStamp(challenge.payloadToSign, await signer());
    try {
      const final = await api.call<T>({
        ...request,
        headers: { ...request.headers, 'Service-Wallet-Signature': stamp, 'Request-Id': challenge.requestId },
      });
      return {
        status: final.status,
        body: final.status === 204 ? undefined : final.body,
        outcome: 'answered',
        activity,
      };
    } catch (error) {
      if (!(error instanceof WalletError) || !error.ambiguous || !readBack) throw error;
      let happened: boolean;
      try {
        happened = await readBack();
      } catch (readError) {
        throw new WalletError(
          'OUTCOME_UNKNOWN',
          `${call.operation}: the answer was lost and the state could not be read back`,
          {
            operation: call.operation,
            requestId: challenge.requestId,
            cause: readError,
          },
        );
      }
      if (happened) return { status: 0, body: undefined, outcome: 'read-back', activity };
      if (attempt >= 2) throw error;
      // The action did not happen: start over with a new challenge (never the spent requestId).
    }
  }
}
