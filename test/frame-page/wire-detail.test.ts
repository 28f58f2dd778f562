/**
 * An event's detail as the frame sends it to the host (src/frame-page/wire-detail.ts):
 * plain data is kept as it is; what is not plain data is left out, field by
 * field, so one odd field never loses the event, and no getter runs.
 */
import { expect } from 'chai';
import { describe, it } from '#test-harness';
import { wireDetail } from '../../src/frame-page/wire-detail.js';

describe('an event detail for the channel', () => {
  it('keeps plain data and dates as they are', () => {
    const detail = { method: 'EMAIL_OTP', at: new Date(5), list: [1, 'two', null, true], nested: { a: { b: 1 } } };
    expect(wireDetail(detail)).to.deep.equal(detail);
  });

  it('leaves out functions, class instances, elements and getters, keeping the rest', () => {
    let ran = false;
    const detail = {
      code: 'NOT_CONFIRMED',
      retry: () => undefined,
      cause: new Error('inner'),
      map: new Map([[1, 2]]),
      get secret() {
        ran = true;
        return 'x';
      },
    };
    expect(wireDetail(detail)).to.deep.equal({ code: 'NOT_CONFIRMED' });
    expect(ran, 'a getter ran').to.equal(false);
  });

  it('turns numbers that JSON cannot carry into null, in arrays too, and stops at depth', () => {
    expect(wireDetail({ n: Number.NaN, list: [Number.POSITIVE_INFINITY, () => 1] })).to.deep.equal({
      n: null,
      list: [null, null],
    });
    const deep = { a: { b: { c: { d: { e: { f: { g: { h: 1 } } } } } } } };
    // What is nested deeper than six levels is left out.
    expect(JSON.stringify(wireDetail(deep))).to.equal('{"a":{"b":{"c":{"d":{"e":{"f":{}}}}}}}');
  });
});
