/**
 * The frame page's headers (src/relay/frame-headers.ts): the exact policy, the
 * partner's origins placed where they belong, and every value that would
 * loosen the policy refused by name.
 */
import { expect } from 'chai';
import { describe, it } from 'node:test';
import { frameHeaders } from '../../src/relay/index.js';

describe('frameHeaders', () => {
  it('a strict policy whose frame-ancestors names the partner pages; own agent cluster; no referrer', () => {
    const headers = frameHeaders({ parentOrigins: ['https://shop.example', 'http://localhost:5173'] });
    expect(headers).to.deep.equal({
      'content-security-policy':
        "default-src 'none'; script-src 'self'; style-src 'self'; img-src 'self' data:; font-src 'self'; " +
        "connect-src 'self'; frame-src 'none'; object-src 'none'; base-uri 'none'; form-action 'none'; " +
        "frame-ancestors https://shop.example http://localhost:5173; require-trusted-types-for 'script'; " +
        'trusted-types lit-html',
      'origin-agent-cluster': '?1',
      'referrer-policy': 'no-referrer',
      'x-content-type-options': 'nosniff',
    });
  });

  it('adds the origins a later provider needs to its directive only', () => {
    const policy = frameHeaders({
      parentOrigins: ['https://shop.example'],
      connectSrc: ['https://api.shop.example'],
      scriptSrc: ['https://challenges.cloudflare.com'],
      frameSrc: ['https://challenges.cloudflare.com'],
    })['content-security-policy']!;
    expect(policy).to.include("script-src 'self' https://challenges.cloudflare.com;");
    expect(policy).to.include("connect-src 'self' https://api.shop.example;");
    expect(policy).to.include('frame-src https://challenges.cloudflare.com;');
  });

  it('refuses anything that is not an origin, and an empty list of pages', () => {
    const notOrigins = [
      "'unsafe-inline'",
      '*',
      'https://*',
      'http://a.example:*',
      'https://user@a.example',
      'https://a.example?x',
      'https://a.example; script-src *',
      'https://a.example"',
      'shop.example',
      'https://a.example/path',
    ];
    for (const bad of notOrigins)
      expect(() => frameHeaders({ parentOrigins: ['https://shop.example'], scriptSrc: [bad] }), bad).to.throw(
        TypeError,
        /is not an origin/,
      );
    expect(() => frameHeaders({ parentOrigins: ['https://*'] })).to.throw(TypeError, /parentOrigins "https:\/\/\*"/);
    expect(() => frameHeaders({ parentOrigins: [] })).to.throw(TypeError, /must name the pages/);
  });
});
