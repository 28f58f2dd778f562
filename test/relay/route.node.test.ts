/**
 * The route step (src/relay/route.ts): which endpoint a method and a path
 * reach. Paths outside the table are 404, other methods 405 with `Allow`, and
 * a preflight learns the methods without reaching any endpoint.
 */
import { expect } from 'chai';
import { describe, it } from 'node:test';
import { OPERATIONS } from '../../src/relay/operations.js';
import { matchPath, PASSKEY_OPTIONS_PATH, RELAY_METHODS, routeOf } from '../../src/relay/route.js';
import { refusalOf } from '../helpers/refusal.js';

const CREDENTIAL = 'AuthMethod:00000000-0000-4000-8000-000000000003';
const WALLET = 'InternalAccount:00000000-0000-4000-8000-000000000001';

describe('route: where a request goes', () => {
  it('reaches each operation of the table by its method and path, with the id in the path', () => {
    for (const operation of OPERATIONS) {
      const path = operation.path.replace('{id}', CREDENTIAL);
      const { target } = routeOf(operation.method, path);
      expect(target, operation.name).to.deep.equal({
        operation,
        id: operation.path.includes('{id}') ? CREDENTIAL : undefined,
      });
    }
  });

  it('reaches the passkey registration options by POST only', async () => {
    expect(routeOf('POST', PASSKEY_OPTIONS_PATH)).to.deep.equal({ allow: ['POST'], target: 'passkey-options' });
    const refused = await refusalOf(() => routeOf('GET', PASSKEY_OPTIONS_PATH));
    expect([refused.status, refused.code, refused.headers['allow']]).to.deep.equal([
      405,
      'METHOD_NOT_ALLOWED',
      'POST, OPTIONS',
    ]);
  });

  it('refuses a path outside the table with 404, whatever the method', async () => {
    for (const [method, path] of [
      ['POST', '/customers'],
      ['GET', '/customers'],
      ['POST', '/quotes/Quote:00000000-0000-4000-8000-000000000000/execute'],
      ['OPTIONS', '/_sandbox/faults'],
      ['GET', `/internal-accounts/${WALLET.toLowerCase().replace(':', '')}`],
    ]) {
      const refused = await refusalOf(() => routeOf(method!, path!));
      expect([refused.status, refused.code], `${method} ${path}`).to.deep.equal([404, 'NOT_FOUND']);
    }
  });

  it('refuses another method on a known path with 405, naming the methods it takes there', async () => {
    const refused = await refusalOf(() => routeOf('PUT', '/auth/credentials'));
    expect([refused.status, refused.code, refused.headers['allow']]).to.deep.equal([
      405,
      'METHOD_NOT_ALLOWED',
      'GET, POST, OPTIONS',
    ]);
    const trace = await refusalOf(() => routeOf('TRACE', `/internal-accounts/${WALLET}`));
    expect([trace.status, trace.headers['allow']]).to.deep.equal([405, 'PATCH, OPTIONS']);
  });

  it('answers a preflight with the methods of the path and no endpoint', () => {
    expect(routeOf('OPTIONS', `/auth/credentials/${CREDENTIAL}`)).to.deep.equal({ allow: ['DELETE'] });
    expect(routeOf('OPTIONS', '/auth/credentials')).to.deep.equal({ allow: ['GET', 'POST'] });
  });

  it('matches whole paths of service ids only', () => {
    expect(matchPath('POST', `/auth/credentials/${CREDENTIAL}/challenge`).found?.operation.name).to.equal(
      'auth.challenge',
    );
    expect(matchPath('POST', '/auth/credentials/not-an-id/challenge').allow).to.deep.equal([]);
    expect(matchPath('POST', `/auth/credentials/${CREDENTIAL}/challenge/more`).allow).to.deep.equal([]);
    expect(matchPath('GET', `/x/auth/credentials`).allow).to.deep.equal([]);
  });

  it('lists every method the relay answers, in a fixed order, preflights included', () => {
    expect(RELAY_METHODS).to.deep.equal(['GET', 'POST', 'PATCH', 'DELETE', 'OPTIONS']);
  });
});
