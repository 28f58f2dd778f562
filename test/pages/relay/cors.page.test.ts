/**
 * The relay's origin rules as a real browser applies them (docs/relay.md): pages
 * of a listed second origin call a relay on another origin through CORS; a
 * page of any other origin cannot, neither with a JSON fetch (its preflight is
 * refused) nor with a "simple" text/plain post (refused by the relay before
 * the service sees it). In the engine `TEST_ENGINE` names (test/helpers/engine),
 * both origins on loopback.
 */
import { expect } from 'chai';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { after, before, describe, it } from 'node:test';
import { launchEngine, testEngine, type Engine, type Tab } from '../../helpers/engine/index.js';
import { createWalletCustomer, startStack, type Stack } from '../../helpers/stack.js';

/** A site that serves one empty page: the origin the browser runs fetches from. */
async function site(): Promise<{ origin: string; server: Server }> {
  const server = createServer((_, res) =>
    res.writeHead(200, { 'content-type': 'text/html' }).end('<!doctype html><title>site</title>'),
  );
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { origin: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, server };
}

describe(`relay on another origin (${testEngine()})`, () => {
  let stack: Stack;
  let engine: Engine;
  let partner: Awaited<ReturnType<typeof site>>;
  let stranger: Awaited<ReturnType<typeof site>>;
  let relayUrl: string;
  let ids: Awaited<ReturnType<typeof createWalletCustomer>>;

  before(async () => {
    stack = await startStack();
    [partner, stranger] = [await site(), await site()];
    relayUrl = await stack.startRelay({ allowedOrigins: [partner.origin], allowedHeaders: ['x-test-user'] });
    ids = await createWalletCustomer(stack.sandbox, { email: 'cors@example.com' });
    stack.grant('cors', ids.accountId);
    engine = await launchEngine();
  });
  after(async () => {
    await engine?.close();
    for (const s of [partner, stranger]) s?.server.close();
    await stack?.close();
  });

  async function pageAt(origin: string): Promise<Tab> {
    const tab = await (await engine.newDevice()).newTab();
    await tab.goto(`${origin}/`);
    return tab;
  }

  /** The widget's call, made by the page: POST JSON with its headers. */
  const challengeFrom = (tab: Tab, mode: 'cors' | 'no-cors' = 'cors', type = 'application/json') =>
    tab.evaluate(
      async ({ url, accountId, mode, type }) => {
        try {
          const response = await fetch(url, {
            method: 'POST',
            mode,
            headers:
              mode === 'cors'
                ? { 'content-type': type, 'ew-account-id': accountId, 'x-test-user': 'cors' }
                : { 'content-type': type },
            body: '{}',
          });
          return {
            status: response.status,
            date: response.headers.get('date'),
            body: mode === 'cors' ? await response.json() : null,
          };
        } catch (error) {
          // Each engine words it differently ("Failed to fetch", "NetworkError …", "Load failed"); all are TypeErrors.
          return { error: (error as Error).name };
        }
      },
      { url: `${relayUrl}/auth/credentials/${ids.emailCredentialId}/challenge`, accountId: ids.accountId, mode, type },
    );

  it('a listed origin calls it: preflight passes, the answer and its Date are readable', async () => {
    const page = await pageAt(partner.origin);
    const answer = await challengeFrom(page);
    expect(answer).to.not.have.property('error');
    expect(answer).to.include({ status: 200 });
    expect((answer as { body: { otpEncryptionTargetBundle?: string } }).body.otpEncryptionTargetBundle).to.be.a(
      'string',
    );
    expect(Number.isNaN(Date.parse((answer as { date: string }).date))).to.equal(false);
  });

  it('any other origin is stopped: its JSON fetch fails at the preflight, its text/plain post at the relay', async () => {
    const page = await pageAt(stranger.origin);
    const before = stack.sandboxRequests.length;
    const json = await challengeFrom(page);
    expect(json).to.have.property('error', 'TypeError');
    const simple = await challengeFrom(page, 'no-cors', 'text/plain');
    expect(simple).to.include({ status: 0 }); // opaque: the page learns nothing
    const refused = stack.relayLog.filter((e) => e.method === 'POST' && e.path.endsWith('/challenge')).at(-1)!;
    expect([403, 415]).to.include(refused.status);
    expect(stack.sandboxRequests.length).to.equal(before); // nothing reached the service
  });
});
