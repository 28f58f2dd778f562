/**
 * The relay's log entries (src/relay/request-log.ts): request-controlled
 * fields are escaped so that one request is one log line, and cannot forge
 * another line or another field.
 */
import { expect } from 'chai';
import { describe, it } from 'node:test';
import { logEntry, logSafe } from '../../src/relay/request-log.js';

describe('request log', () => {
  it('keeps printable ASCII as it is', () => {
    const path = '/auth/credentials/AuthMethod:00000000-0000-4000-8000-000000000003/verify?x~y_z!#$%&()*+,;<>@[]^`{|}';
    expect(logSafe(path)).to.equal(path);
  });

  it('escapes line breaks, controls, the space, `"`, `=`, the backslash and anything past ASCII', () => {
    expect(logSafe('/a\nstatus=200')).to.equal('/a\\u{a}status\\u{3d}200');
    expect(logSafe('/a\r\u0000\t\u007f')).to.equal('/a\\u{d}\\u{0}\\u{9}\\u{7f}');
    expect(logSafe('/a b"c')).to.equal('/a\\u{20}b\\u{22}c');
    expect(logSafe('/a\\u{a}')).to.equal('/a\\\\u{a}');
    expect(logSafe('/é\u2028😀')).to.equal('/\\u{e9}\\u{2028}\\u{1f600}');
  });

  it('makes an entry of the escaped method and path and how the request ended', () => {
    expect(logEntry('GE T', '/x\ny', 'session.list', 403, 12)).to.deep.equal({
      method: 'GE\\u{20}T',
      path: '/x\\u{a}y',
      operation: 'session.list',
      status: 403,
      durationMs: 12,
    });
  });
});
