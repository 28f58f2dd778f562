/** ExpiringMap (src/sandbox/expiring-map.ts): entries are forgotten a grace period after they expire. */
import { expect } from 'chai';
import { describe, it } from 'node:test';
import { ExpiringMap } from '../../src/sandbox/expiring-map.js';

describe('ExpiringMap', () => {
  it('forgets entries past their grace on the next set, and keeps live ones', () => {
    let now = 0;
    const map = new ExpiringMap<{ expiresAt: number }>(() => now, 10);
    map.set('a', { expiresAt: 5 }).set('b', { expiresAt: 50 });
    now = 16; // a is past expiry + grace, b is not
    map.set('c', { expiresAt: 60 });
    expect([map.get('a'), map.size]).to.deep.equal([undefined, 2]);
  });

  it('a key set again moves to the end, so a renewed key does not hold back pruning of older ones', () => {
    let now = 0;
    const map = new ExpiringMap<{ expiresAt: number }>(() => now, 0);
    map.set('renewed', { expiresAt: 10 }).set('old', { expiresAt: 10 });
    now = 5;
    map.set('renewed', { expiresAt: 100 });
    now = 50;
    map.set('new', { expiresAt: 200 });
    expect(map.get('old')).to.equal(undefined);
    expect(map.size).to.equal(2);
  });
});
