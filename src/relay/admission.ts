/**
 * The rules an operation declares beyond its wallet and its members (`admit`
 * in operations.ts), applied last, once the visitor is authorized and the
 * ids in the path are the wallet's: the one step before forwarding.
 */
import type { Inbound } from './answer.js';
import type { Admission, Operation } from './operation-types.js';
import type { ChallengeBook } from './passkey-registration.js';
import { refuse } from './relay-error.js';
import type { Body } from './request-shape.js';

/** What a rule reads of a request that has come this far. */
export interface Candidate {
  request: Inbound;
  /** The wallet `authorize` accepted. */
  accountId: string;
  body: Body;
}

/** Refuses the request unless it passes each rule its operation declares. */
export type Admit = (operation: Operation, candidate: Candidate) => Promise<void>;

export function createAdmission(challenges: ChallengeBook): Admit {
  const rules: Record<Admission, (candidate: Candidate) => Promise<void>> = {
    // Its challenge must be one this relay issued for the wallet, unused; only the signed retry
    // (Request-Id set) of the first call, with the same body, may present it once more.
    'passkey-challenge': async ({ request, accountId, body }) => {
      if (body.json['type'] !== 'PASSKEY') return;
      const retry = request.header('request-id') !== null;
      const refused = await challenges.admit(body.json['challenge'], accountId, retry, body.text ?? '');
      if (refused !== undefined) refuse(400, 'INVALID_INPUT', `Passkey registration refused: ${refused}`);
    },
  };
  return async (operation, candidate) => {
    for (const rule of operation.admit) await rules[rule](candidate);
  };
}
