/**
 * What every answer of the relay carries (src/relay/answer-headers.ts): a
 * `Date` in the service's clock unless the service's own answer has one,
 * `X-Content-Type-Options: nosniff`, and the relay's mark (`Ew-Relay`), by
 * which the widget tells a relay's answer from another server's.
 */
import { expect } from 'chai';
import { describe, it } from 'node:test';
import { createAnswerHeaders } from '../../src/relay/answer-headers.js';
import type { Answer } from '../../src/relay/answer.js';

const answer = (headers: Record<string, string> = {}): Answer => ({ status: 200, headers, body: null });

describe('answer headers', () => {
  it("dates the relay's own answers by the service's clock, and marks every answer nosniff", () => {
    const serviceNow = Date.UTC(2030, 0, 2, 3, 4, 5, 600);
    const stamp = createAnswerHeaders(() => serviceNow);
    const own = answer({ 'x-content-type-options': 'sniff-away' });
    stamp(own);
    expect(own.headers).to.deep.equal({
      date: 'Wed, 02 Jan 2030 03:04:05 GMT',
      'x-content-type-options': 'nosniff',
      'ew-relay': '1',
    });
  });

  it("keeps the service's own Date", () => {
    const stamp = createAnswerHeaders(() => Date.UTC(2030, 0, 1));
    const passed = answer({ date: 'Tue, 01 Jan 2030 00:00:09 GMT' });
    stamp(passed);
    expect(passed.headers['date']).to.equal('Tue, 01 Jan 2030 00:00:09 GMT');
  });

  it('follows the clock from one second to the next', () => {
    let now = Date.UTC(2030, 0, 1, 0, 0, 0, 100);
    const stamp = createAnswerHeaders(() => now);
    const dates = [0, 850, 1_000, 61_000].map((later) => {
      now = Date.UTC(2030, 0, 1, 0, 0, 0, 100) + later;
      const stamped = answer();
      stamp(stamped);
      return stamped.headers['date'];
    });
    expect(dates).to.deep.equal([
      'Tue, 01 Jan 2030 00:00:00 GMT',
      'Tue, 01 Jan 2030 00:00:00 GMT',
      'Tue, 01 Jan 2030 00:00:01 GMT',
      'Tue, 01 Jan 2030 00:01:01 GMT',
    ]);
  });
});
