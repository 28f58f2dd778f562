/**
 * The admission step (src/relay/admission.ts): the rules the operation table
 * declares (`admit`), applied to a request that is authorized and owns its
 * ids. Today one rule: a passkey registration carries a challenge this relay
 * issued for the wallet, used once (its signed retry, the same body, once more).
 */
import { expect } from 'chai';
import { describe, it } from 'node:test';
import { createAdmission, type Candidate } from '../../src/relay/admission.js';
import { inboundOf } from '../../src/relay/inbound.js';
import { OPERATIONS } from '../../src/relay/operations.js';
import { ChallengeBook } from '../../src/relay/passkey-registration.js';
import { memoryStore } from '../../src/relay/store.js';
import { refusalOf } from '../helpers/refusal.js';

const MINE = 'InternalAccount:00000000-0000-4000-8000-000000000001';
const THEIRS = 'InternalAccount:00000000-0000-4000-8000-000000000002';
const REGISTER = OPERATIONS.find((o) => o.name === 'credential.register')!;

function admission() {
  const challenges = new ChallengeBook(memoryStore(), 60_000, 10);
  return { challenges, admit: createAdmission(challenges) };
}

/** A registration body as the relay forwards it, from `headers` (a signed retry has Request-Id). */
function candidate(json: Record<string, unknown>, headers: Record<string, string> = {}): Candidate {
  return {
    request: inboundOf(new Request('http://relay/auth/credentials', { method: 'POST', headers })),
    accountId: MINE,
    body: { text: JSON.stringify(json), json },
  };
}

const passkey = (challenge?: string) => ({
  type: 'PASSKEY',
  accountId: MINE,
  nickname: 'Laptop',
  attestation: { credentialId: 'c' },
  ...(challenge === undefined ? {} : { challenge }),
});

describe('admission: the rules an operation declares', () => {
  it('declares the passkey challenge on credential.register only', () => {
    for (const operation of OPERATIONS)
      expect(operation.admit, operation.name).to.deep.equal(
        operation.name === 'credential.register' ? ['passkey-challenge'] : [],
      );
  });

  it('admits a passkey registration with a challenge issued for its wallet, once', async () => {
    const { challenges, admit } = admission();
    const issued = await challenges.issue(MINE);
    if (!('challenge' in issued)) throw new Error('not issued');
    await admit(REGISTER, candidate(passkey(issued.challenge)));
    const replay = await refusalOf(() => admit(REGISTER, candidate(passkey(issued.challenge))));
    expect([replay.status, replay.code, replay.message]).to.deep.equal([
      400,
      'INVALID_INPUT',
      'Passkey registration refused: challenge has already been used',
    ]);
  });

  it('admits the signed retry of that first call with the same body, and no other body', async () => {
    const { challenges, admit } = admission();
    const issued = await challenges.issue(MINE);
    if (!('challenge' in issued)) throw new Error('not issued');
    await admit(REGISTER, candidate(passkey(issued.challenge)));
    const changed = await refusalOf(() =>
      admit(REGISTER, candidate({ ...passkey(issued.challenge), nickname: 'Other' }, { 'request-id': 'Request:1' })),
    );
    expect(changed.message).to.equal(
      'Passkey registration refused: the signed retry must repeat the first call exactly',
    );
    await admit(REGISTER, candidate(passkey(issued.challenge), { 'request-id': 'Request:1' }));
    const again = await refusalOf(() =>
      admit(REGISTER, candidate(passkey(issued.challenge), { 'request-id': 'Request:1' })),
    );
    expect(again.status).to.equal(400);
  });

  it('refuses a passkey registration without a challenge, with one it did not issue, or one for another wallet', async () => {
    const { challenges, admit } = admission();
    const theirs = await challenges.issue(THEIRS);
    if (!('challenge' in theirs)) throw new Error('not issued');
    for (const [challenge, why] of [
      [undefined, 'challenge is missing'],
      ['A'.repeat(43), 'challenge was not issued by this relay, has expired or was used'],
      ['short', 'challenge was not issued by this relay'],
      [theirs.challenge, 'challenge was not issued for this account'],
    ] as const) {
      const refused = await refusalOf(() => admit(REGISTER, candidate(passkey(challenge))));
      expect([refused.status, refused.message], why).to.deep.equal([400, `Passkey registration refused: ${why}`]);
    }
  });

  it('asks nothing of other credential types, nor of operations that declare no rule', async () => {
    const { admit } = admission();
    await admit(REGISTER, candidate({ type: 'EMAIL_OTP', accountId: MINE }));
    await admit(REGISTER, candidate({ type: 'OAUTH', accountId: MINE, oidcToken: 'x.y.z' }));
    for (const operation of OPERATIONS.filter((o) => o.admit.length === 0))
      await admit(operation, candidate(passkey()));
  });
});
