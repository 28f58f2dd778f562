import { expect } from 'chai';
import { describe, it } from 'node:test';
import { parseHostHeader } from '../../src/protocol/host-header.js';

describe('parseHostHeader', () => {
  it('reads a name, an IPv4 or a bracketed IPv6 literal, each with an optional port', () => {
    expect(parseHostHeader('LocalHost:5173')).to.deep.equal({ hostname: 'localhost', port: 5173 });
    expect(parseHostHeader('127.0.0.1')).to.deep.equal({ hostname: '127.0.0.1' });
    expect(parseHostHeader('[::1]:8080')).to.deep.equal({ hostname: '[::1]', port: 8080 });
    expect(parseHostHeader('a.example:65535')).to.deep.equal({ hostname: 'a.example', port: 65_535 });
  });

  it('refuses what is not a Host: missing, empty, spaces, bad ports, paths, escapes, userinfo', () => {
    for (const bad of [undefined, '', 'a b', 'a:99999', 'a:65536', 'a:', '[::1', 'a%zz', 'a/b', 'u@a', 'a:1:2', 'a\\b'])
      expect(parseHostHeader(bad), String(bad)).to.equal(undefined);
  });
});
