/**
 * A partner's setup mistakes, each made for real in an Express 5 app serving
 * the script-tag bundle, in the engine `TEST_ENGINE` names: each must name
 * itself in the `ew-error` event (a specific code, the fix in its message),
 * in one console line from the elements, and on screen in words an end user
 * can act on, instead of failing silently or misleadingly.
 */
import { expect } from 'chai';
import express from 'express';
import { readFileSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { after, afterEach, before, describe, it } from 'node:test';
import { itNeeds } from '../helpers/harness/node.js';
import { createRelay, toNodeHandler } from '../../src/relay/index.js';
import { startSandbox, type Sandbox } from '../../src/sandbox/index.js';
import { VERSION } from '../../src/packaging/version.js';
import { launchEngine, testEngine, type Device, type Engine, type Tab } from '../helpers/engine/index.js';
import { BUNDLE } from '../helpers/page-server.js';
import { createWalletCustomer } from '../helpers/stack.js';

type Mistake =
  | 'relay after express.json()'
  | 'basePath differs from the mount path'
  | 'api-base where no relay is'
  | "api-base where a single-page app's fallback answers"
  | "api-base where a framework's own JSON 404 answers"
  | 'a CSP without connect-src for the relay'
  | 'a relay on another origin that does not allow the page'
  | 'a fetch handler handed a URL on another host (self-hosted Next.js)'
  | 'passkeys made on an origin the service does not accept'
  | 'the bundle served without embedded-wallet-passkey.js'
  | 'the bundle served without embedded-wallet-hpke.js'
  | 'the bundle served with embedded-wallet-hpke.js stalled'
  | 'the bundle served without embedded-wallet-qr.js'
  | 'the bundle served without embedded-wallet-approve-quote.js'
  | 'the bundle served with embedded-wallet-qr.js of another version'
  | 'the bundle served without embedded-wallet-strings-es.js'
  | 'no enclave keys pinned, against the sandbox';

/** An Express app listening on 127.0.0.1. */
async function listen(app: express.Express): Promise<{ port: number; server: Server }> {
  const server = createServer(app);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { port: (server.address() as AddressInfo).port, server };
}

/** The file beside the bundle that a mistake leaves out. */
const WITHHELD: Partial<Record<Mistake, string>> = {
  'the bundle served without embedded-wallet-passkey.js': 'embedded-wallet-passkey.js',
  'the bundle served without embedded-wallet-hpke.js': 'embedded-wallet-hpke.js',
  'the bundle served with embedded-wallet-hpke.js stalled': 'embedded-wallet-hpke.js',
  'the bundle served without embedded-wallet-qr.js': 'embedded-wallet-qr.js',
  'the bundle served without embedded-wallet-approve-quote.js': 'embedded-wallet-approve-quote.js',
  'the bundle served with embedded-wallet-qr.js of another version': 'embedded-wallet-qr.js',
  'the bundle served without embedded-wallet-strings-es.js': 'embedded-wallet-strings-es.js',
};

/** What a partner app serves of the file its mistake leaves out: how often it was asked for, and a way to serve it after all. */
interface Withheld {
  requests: number;
  serve(): void;
}

/**
 * The relay as self-hosted Next.js hands a route handler its request: a fetch `Request` whose URL
 * is built from the hostname and port Next was started with (here its default, localhost:3000),
 * not from the `Host` the browser sent, which it keeps among the headers.
 */
function asNextDoes(relay: ReturnType<typeof createRelay>): express.RequestHandler {
  return async (req, res, next) => {
    if (!req.originalUrl.startsWith('/api/wallet/')) return next();
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    const headers = new Headers();
    for (const [name, value] of Object.entries(req.headers)) if (typeof value === 'string') headers.set(name, value);
    const hasBody = !['GET', 'HEAD'].includes(req.method);
    const request = new Request(`http://localhost:3000${req.originalUrl}`, {
      method: req.method,
      headers,
      body: hasBody ? Buffer.concat(chunks) : undefined,
    });
    const answer = await relay(request);
    res.status(answer.status);
    answer.headers.forEach((value, name) => res.setHeader(name, value));
    res.end(Buffer.from(await answer.arrayBuffer()));
  };
}

/** A partner app with one mistake: the relay meant for /api/wallet, the page's wallet pointed at it. */
async function partnerApp(
  sandbox: Sandbox,
  mistake: Mistake,
): Promise<{ origin: string; servers: Server[]; withheld: Withheld }> {
  const relay = createRelay({
    serviceUrl: sandbox.baseUrl,
    credentials: sandbox.credentials,
    basePath: mistake === 'basePath differs from the mount path' ? '/wallet' : '/api/wallet',
    authorize: () => true,
    passkeys: { rpId: 'localhost', rpName: 'Partner', user: ({ accountId }) => ({ id: accountId, name: 'user' }) },
  });
  const app = express();
  const servers: Server[] = [];
  let apiBase = mistake.startsWith('api-base where') ? '/api/wallet-typo' : '/api/wallet';
  if (mistake === 'a relay on another origin that does not allow the page') {
    const elsewhere = express();
    elsewhere.use('/api/wallet', toNodeHandler(relay));
    const { port, server } = await listen(elsewhere);
    servers.push(server);
    apiBase = `http://127.0.0.1:${port}/api/wallet`;
  }
  if (mistake === 'relay after express.json()') app.use(express.json());
  if (mistake === 'a fetch handler handed a URL on another host (self-hosted Next.js)') app.use(asNextDoes(relay));
  else app.use('/api/wallet', toNodeHandler(relay));
  // The file left out answers 404, as on a site that copied only the bundle, or never answers (a
  // stalled CDN); `serve()` puts it back.
  let served = false;
  const held: express.Response[] = [];
  const withheld: Withheld = {
    requests: 0,
    serve: () => {
      served = true;
      for (const res of held.splice(0)) res.destroy();
    },
  };
  const file = WITHHELD[mistake];
  if (file)
    app.get(`/assets/${file}`, (_req, res, next) => {
      withheld.requests++;
      if (served) next();
      else if (mistake.endsWith('stalled')) held.push(res);
      else if (mistake.endsWith('of another version'))
        res
          .type('text/javascript')
          .send(readFileSync(join(dirname(BUNDLE), file), 'utf8').replaceAll(`"${VERSION}"`, '"0.1.0"'));
      else res.sendStatus(404);
    });
  app.use('/assets', express.static(dirname(BUNDLE)));
  app.get('/', (req, res) => {
    // A policy copied without connect-src, over default-src 'none'.
    if (mistake === 'a CSP without connect-src for the relay')
      res.set(
        'content-security-policy',
        "default-src 'none'; script-src 'self'; style-src 'self'; img-src 'self' data:",
      );
    const keys =
      mistake === 'no enclave keys pinned, against the sandbox'
        ? ''
        : ` otp-target-key="${sandbox.enclaveKeys.otpTarget}" export-key="${sandbox.enclaveKeys.export}"`;
    // With a customer, the wallet shows its overview (balance, address, QR code).
    const customer = req.query['customer'] ? ` customer-id="${String(req.query['customer'])}"` : '';
    const attrs = `api-base="${apiBase}" account-id="${String(req.query['account'])}"${customer}${keys}`;
    res
      .type('html')
      .send(
        `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Partner</title><link rel="icon" href="data:,">` +
          `<script src="/assets/embedded-wallet-elements.js"></script></head><body><ew-wallet ${attrs}></ew-wallet></body></html>`,
      );
  });
  // What answers at the mistaken api-base when it is not Express's own 404 page.
  if (mistake === "api-base where a single-page app's fallback answers")
    app.use((_req, res) => res.type('html').send('<!doctype html><title>Shop</title><div id="app"></div>'));
  if (mistake === "api-base where a framework's own JSON 404 answers")
    app.use((req, res) =>
      res
        .status(404)
        .json({ message: `Route ${req.method}:${req.path} not found`, error: 'Not Found', statusCode: 404 }),
    );
  const { port, server } = await listen(app);
  return { origin: `http://localhost:${port}`, servers: [...servers, server], withheld };
}

describe(`setup mistakes name themselves (${testEngine()})`, () => {
  let sandbox: Sandbox;
  let engine: Engine;
  const servers: Server[] = [];

  before(async () => {
    [sandbox, engine] = await Promise.all([startSandbox(), launchEngine()]);
  });
  after(async () => {
    await engine?.close();
    for (const server of servers) server.close();
    await sandbox?.close();
  });

  // Each device is a browser of its own (WebKit: a driver, a display and MiniBrowser): none outlives its test.
  const devices: Device[] = [];
  afterEach(() => Promise.all(devices.splice(0).map((device) => device.close().catch(() => undefined))));
  async function newTab(): Promise<Tab> {
    const device = await engine.newDevice();
    devices.push(device);
    return device.newTab();
  }

  /**
   * Opens the partner page of `mistake` and acts as the user would: asks for a
   * code, or (when the wallet could not even list its sign-in methods) tries
   * again. Returns the tab and the last ew-error's details.
   */
  async function tryToSignIn(mistake: Mistake): Promise<{ tab: Tab; error: { code: string; message: string } }> {
    const { origin, servers: started } = await partnerApp(sandbox, mistake);
    servers.push(...started);
    const { accountId } = await createWalletCustomer(sandbox, {
      email: `mistake-${crypto.randomUUID().slice(0, 8)}@example.com`,
    });
    const tab = await newTab();
    await tab.addInitScript(() => {
      document.addEventListener('ew-error', (e) => ((window as any).__ewErrors ??= []).push((e as CustomEvent).detail));
    }, undefined);
    await tab.goto(`${origin}/?account=${encodeURIComponent(accountId)}`);
    const next = { role: 'button', name: /^(Email me a code|Try again)$/ } as const;
    await tab.waitFor(next);
    await tab.evaluate(() => void ((window as any).__ewErrors ??= [])); // where the listener came after load (WebKit)
    await tab.click(next);
    await tab.waitUntil('an ew-error event', () => (window as any).__ewErrors?.length);
    return { tab, error: await tab.evaluate(() => (window as any).__ewErrors.at(-1)) };
  }

  const onScreen = (code: string) =>
    code === 'RELAY_UNREACHABLE'
      ? 'The wallet could not be reached. Check your connection and try again.'
      : 'The wallet is not available on this site right now.';
  /** The fix as the message gives it, with the page's own port. */
  const fixed = (fix: string, tab: Tab) => tab.evaluate((f) => f.replace('PORT', location.port), fix);

  for (const [mistake, code, fix] of [
    ['relay after express.json()', 'RELAY_MISCONFIGURED', 'mount the relay before any body parser'],
    ['basePath differs from the mount path', 'RELAY_MISCONFIGURED', 'set basePath: "/api/wallet"'],
    [
      'a fetch handler handed a URL on another host (self-hosted Next.js)',
      'RELAY_MISCONFIGURED',
      "set createRelay's publicOrigin to the origin of your pages",
    ],
    ['api-base where no relay is', 'RELAY_NOT_FOUND', "mount the relay there, with createRelay's basePath"],
    [
      "api-base where a single-page app's fallback answers",
      'RELAY_NOT_FOUND',
      "mount the relay there, with createRelay's basePath",
    ],
    [
      "api-base where a framework's own JSON 404 answers",
      'RELAY_NOT_FOUND',
      "mount the relay there, with createRelay's basePath",
    ],
    ['a CSP without connect-src for the relay', 'CONFIG_CSP_CONNECT_SRC', 'add it to connect-src'],
    [
      'a relay on another origin that does not allow the page',
      'RELAY_UNREACHABLE',
      "list http://localhost:PORT in createRelay's allowedOrigins",
    ],
  ] as const) {
    it(`${mistake}: ${code} with the fix in the event, plain words on screen`, async () => {
      const { tab, error } = await tryToSignIn(mistake);
      expect(error.code).to.equal(code);
      expect(error.message).to.include(await fixed(fix, tab));
      expect(await tab.text({ within: 'ew-wallet', role: 'alert', nth: 0 })).to.equal(onScreen(code));
    });

    itNeeds(
      () => engine.consoleFromLoad,
      `${mistake}: one console line from the elements names it and the fix`,
      async () => {
        const { tab } = await tryToSignIn(mistake);
        const lines = (await tab.problems()).filter((p) => p.includes('embedded-wallet-elements:'));
        expect(lines).to.have.length(1);
        expect(lines[0])
          .to.include(code)
          .and.include(await fixed(fix, tab));
      },
    );
  }

  /** Signs in by email on the page of `mistake`, then adds a passkey; returns the ew-error it ends in. */
  async function addPasskey(
    mistake: Mistake,
  ): Promise<{ tab: Tab; origin: string; error: { code: string; message: string } }> {
    const { origin, servers: started } = await partnerApp(sandbox, mistake);
    servers.push(...started);
    const { accountId } = await createWalletCustomer(sandbox, {
      email: `passkey-${crypto.randomUUID().slice(0, 8)}@example.com`,
    });
    const tab = await newTab();
    await tab.goto(`${origin}/?account=${encodeURIComponent(accountId)}`);
    await tab.addAuthenticator();
    await tab.click({ role: 'button', name: 'Email me a code' });
    await tab.type({ css: 'input[autocomplete="one-time-code"]' }, '000000');
    await tab.waitFor({ role: 'button', name: 'Sign out' });
    await tab.evaluate(() => {
      document.addEventListener('ew-error', (e) => ((window as any).__ewErrors ??= []).push((e as CustomEvent).detail));
    });
    await tab.click({ css: 'summary', text: 'Sign-in methods' });
    await tab.click({ role: 'button', name: 'Add a passkey' });
    await tab.waitUntil('an ew-error event', () => (window as any).__ewErrors?.length);
    return { tab, origin, error: await tab.evaluate(() => (window as any).__ewErrors.at(-1)) };
  }

  const NO_PASSKEYS = 'Passkeys cannot be used on this page. Use another way to sign in.';

  it('passkeys made on an origin the service does not accept: CONFIG_PASSKEY_ORIGIN naming the origin and RP id', async () => {
    // The sandbox accepts passkeys from http://localhost:5173 only; this page is on another port.
    const { tab, origin, error } = await addPasskey('passkeys made on an origin the service does not accept');
    expect(error.code).to.equal('CONFIG_PASSKEY_ORIGIN');
    expect(error.message).to.include(`made on ${origin}`).and.include('RP id localhost');
    expect(await tab.text({ within: 'ew-credentials', role: 'alert', nth: 0 })).to.equal(NO_PASSKEYS);
  });

  it('the script tag served without embedded-wallet-passkey.js beside it: CONFIG_PASSKEY_FILE naming the file', async () => {
    const { tab, error } = await addPasskey('the bundle served without embedded-wallet-passkey.js');
    expect(error.code).to.equal('CONFIG_PASSKEY_FILE');
    expect(error.message).to.include('embedded-wallet-passkey.js');
    expect(await tab.text({ within: 'ew-credentials', role: 'alert', nth: 0 })).to.equal(NO_PASSKEYS);
  });

  it(
    'the script tag served without embedded-wallet-hpke.js beside it: the sign-in form renders; asking for a code ' +
      'is CONFIG_BUNDLE_FILE naming the file, in the event, on the console and in plain words on screen; ' +
      'served after all, the next try signs in',
    async () => {
      const {
        origin,
        servers: started,
        withheld,
      } = await partnerApp(sandbox, 'the bundle served without embedded-wallet-hpke.js');
      servers.push(...started);
      const { accountId } = await createWalletCustomer(sandbox, {
        email: `hpke-${crypto.randomUUID().slice(0, 8)}@example.com`,
      });
      const tab = await newTab();
      await tab.goto(`${origin}/?account=${encodeURIComponent(accountId)}`);
      // The first paint needs no HPKE: the form is there and the file was not asked for.
      const ask = { role: 'button', name: 'Email me a code' } as const;
      await tab.waitFor(ask);
      expect(withheld.requests, 'requests for the file before a code is asked for').to.equal(0);
      await tab.evaluate(() => {
        document.addEventListener('ew-error', (e) =>
          ((window as any).__ewErrors ??= []).push((e as CustomEvent).detail),
        );
      });

      await tab.click(ask);
      await tab.waitUntil('an ew-error event', () => (window as any).__ewErrors?.length);
      const error: { code: string; message: string } = await tab.evaluate(() => (window as any).__ewErrors.at(-1));
      expect(error.code).to.equal('CONFIG_BUNDLE_FILE');
      expect(error.message).to.include('embedded-wallet-hpke.js served next to embedded-wallet-elements.js');
      expect(await tab.text({ within: 'ew-wallet', role: 'alert', nth: 0 })).to.equal(
        'The wallet is not available on this site right now.',
      );
      // Refused before a code was sent: no code-entry step for a code this page could not seal.
      expect(await tab.count({ css: 'input[autocomplete="one-time-code"]' })).to.equal(0);
      const problems = await tab.problems();
      const lines = problems.filter((p) => p.includes('embedded-wallet-elements:'));
      expect(lines).to.have.length(1);
      expect(lines[0]).to.include('CONFIG_BUNDLE_FILE').and.include('embedded-wallet-hpke.js');
      // The engine's own report of the 404 names the file's URL (Firefox as a page error); nothing else went uncaught.
      expect(
        problems.filter(
          (p) => /^(uncaught|unhandled)/.test(p) && !p.includes(`${origin}/assets/embedded-wallet-hpke.js`),
        ),
        'uncaught errors and unhandled rejections',
      ).to.deep.equal([]);

      // Nothing else broke: once the file is served, asking again loads it and the sign-in completes.
      withheld.serve();
      await tab.click(ask);
      await tab.type({ css: 'input[autocomplete="one-time-code"]' }, '000000');
      await tab.waitFor({ role: 'button', name: 'Sign out' });
    },
  );

  itNeeds(
    () => engine.consoleFromLoad,
    'no enclave keys pinned, against the sandbox: the security refusal stands, and the console says to pin its keys',
    async () => {
      const { tab, error } = await tryToSignIn('no enclave keys pinned, against the sandbox');
      expect(error.code).to.equal('ENCLAVE_KEY_NOT_PINNED');
      expect(await tab.text({ within: 'ew-wallet', role: 'alert', nth: 0 })).to.include('failed a security check');
      const lines = (await tab.problems()).filter((p) => p.includes('embedded-wallet-elements: CONFIG_ENCLAVE_KEYS'));
      expect(lines).to.have.length(1);
      expect(lines[0]).to.include('set both to the keys it prints');
    },
  );

  /** A tab on the partner page of `mistake`, listening for ew-error events; the app's withheld file. */
  async function openPartnerPage(mistake: Mistake): Promise<{ tab: Tab; origin: string; withheld: Withheld }> {
    const { origin, servers: started, withheld } = await partnerApp(sandbox, mistake);
    servers.push(...started);
    const { accountId, customerId } = await createWalletCustomer(sandbox, {
      email: `file-${crypto.randomUUID().slice(0, 8)}@example.com`,
    });
    const tab = await newTab();
    await tab.goto(`${origin}/?account=${encodeURIComponent(accountId)}&customer=${encodeURIComponent(customerId)}`);
    await tab.waitFor({ role: 'button', name: 'Email me a code' });
    await tab.evaluate(() => {
      (window as any).__ewErrors = [];
      document.addEventListener('ew-error', (e) => (window as any).__ewErrors.push((e as CustomEvent).detail));
    });
    return { tab, origin, withheld };
  }

  const lastError = (tab: Tab): Promise<{ code: string; message: string }> =>
    tab.evaluate(() => (window as any).__ewErrors.at(-1));

  it(
    'embedded-wallet-hpke.js stalled: asking for a code shows progress, then CONFIG_BUNDLE_FILE after 15 s ' +
      '(not busy for good); once the file answers, the next try signs in',
    async () => {
      const { tab, withheld } = await openPartnerPage('the bundle served with embedded-wallet-hpke.js stalled');
      const ask = { role: 'button', name: 'Email me a code' } as const;
      const started = Date.now();
      await tab.click(ask);
      // Progress while the file is awaited: the button says what is going on.
      await tab.waitFor({ role: 'button', name: 'Sending a code…' });
      await tab.waitUntil('an ew-error event', () => (window as any).__ewErrors.length, undefined, 25_000);
      const waited = Date.now() - started;
      const error = await lastError(tab);
      expect(error.code).to.equal('CONFIG_BUNDLE_FILE');
      expect(error.message).to.include('embedded-wallet-hpke.js');
      expect(waited, 'ms until the stalled file was given up').to.be.within(14_000, 22_000);
      expect(await tab.text({ within: 'ew-wallet', role: 'alert', nth: 0 })).to.equal(
        'The wallet is not available on this site right now.',
      );
      // Asked again, under a URL of its own (the stalled import may still sit in the module map).
      const before = withheld.requests;
      withheld.serve();
      await tab.click(ask);
      await tab.type({ css: 'input[autocomplete="one-time-code"]' }, '000000');
      await tab.waitFor({ role: 'button', name: 'Sign out' });
      expect(withheld.requests).to.be.greaterThan(before);
    },
  );

  /** Signs in on a page with `mistake`, asks for the QR code, and returns the error it gave. */
  async function showQrWith(mistake: Mistake) {
    const { tab, withheld } = await openPartnerPage(mistake);
    await tab.click({ role: 'button', name: 'Email me a code' });
    await tab.type({ css: 'input[autocomplete="one-time-code"]' }, '000000');
    await tab.waitFor({ role: 'button', name: 'Sign out' });
    await tab.click({ role: 'button', name: 'Show QR code' });
    await tab.waitUntil('an ew-error event', () => (window as any).__ewErrors.length);
    const error = await lastError(tab);
    return { tab, withheld, error };
  }

  it("the partner guide's table of codes lists each code these mistakes end in, and only codes a test makes", async () => {
    const guide = await readFile('docs/partner-guide.md', 'utf8');
    const table = guide.slice(guide.indexOf('| `ew-error` code'));
    const listed = new Set([...table.slice(0, table.indexOf('\n\n')).matchAll(/^\| `([A-Z_]+)`/gm)].map((m) => m[1]!));
    const source = await readFile(new URL(import.meta.url), 'utf8');
    const madeHere = new Set([...source.matchAll(/'((?:CONFIG|RELAY|ENCLAVE)_[A-Z_]+)'/g)].map((m) => m[1]!));
    for (const code of madeHere) expect(listed, `the guide's table has no row for ${code}`).to.include(code);
    // CONFIG_MISSING_ATTRIBUTE is made in test/elements/config.browser.test.ts.
    for (const code of listed)
      expect([...madeHere, 'CONFIG_MISSING_ATTRIBUTE'], `no test makes ${code}`).to.include(code);
  });

  it('embedded-wallet-qr.js missing: "Show QR code" is CONFIG_BUNDLE_FILE naming the file; served after all, the QR shows', async () => {
    const { tab, withheld, error } = await showQrWith('the bundle served without embedded-wallet-qr.js');
    expect(error.code).to.equal('CONFIG_BUNDLE_FILE');
    expect(error.message).to.include('embedded-wallet-qr.js');
    expect(await tab.count({ within: 'ew-wallet', css: 'svg[part~="qr"]' })).to.equal(0);
    // The address and the rest of the wallet stay usable; the button offers the QR again.
    withheld.serve();
    await tab.click({ role: 'button', name: 'Show QR code' });
    await tab.waitFor({ within: 'ew-wallet', css: 'svg[part~="qr"]' });
  });

  it('embedded-wallet-qr.js of another version: refused by name ("serve the whole dist/browser/ directory"); the right file served, the QR shows', async () => {
    const { tab, withheld, error } = await showQrWith(
      'the bundle served with embedded-wallet-qr.js of another version',
    );
    expect(error.code).to.equal('CONFIG_BUNDLE_FILE');
    expect(error.message)
      .to.include(`embedded-wallet-qr.js is from version 0.1.0, and this bundle is version ${VERSION}`)
      .and.include('serve the whole dist/browser/ directory');
    expect(await tab.count({ within: 'ew-wallet', css: 'svg[part~="qr"]' })).to.equal(0);
    withheld.serve();
    await tab.click({ role: 'button', name: 'Show QR code' });
    await tab.waitFor({ within: 'ew-wallet', css: 'svg[part~="qr"]' });
  });

  it('embedded-wallet-approve-quote.js missing: the approval in the page gets ew-load-error naming the file; served after all, the next one is defined', async () => {
    const { tab, withheld } = await openPartnerPage('the bundle served without embedded-wallet-approve-quote.js');
    const addApproval = () =>
      tab.evaluate(() => {
        const approve = document.createElement('ew-approve-quote');
        approve.addEventListener(
          'ew-load-error',
          (e) => ((window as any).__approveLoadError = (e as CustomEvent).detail),
        );
        document.body.append(approve);
      });
    await addApproval();
    await tab.waitUntil('ew-load-error on the approval', () => (window as any).__approveLoadError);
    const error = await tab.evaluate(() => (window as any).__approveLoadError as { code: string; message: string });
    expect(error.code).to.equal('CONFIG_BUNDLE_FILE');
    expect(error.message).to.include('embedded-wallet-approve-quote.js');
    expect(await tab.evaluate(() => !!customElements.get('ew-approve-quote'))).to.equal(false);
    // The file served after all: an approval put in the page later loads it.
    withheld.serve();
    await addApproval();
    await tab.waitUntil('the approval defined', () => !!customElements.get('ew-approve-quote'));
  });

  it('embedded-wallet-strings-es.js missing: loadWalletStrings("es") is CONFIG_BUNDLE_FILE naming the file, the page stays in English; served after all, Spanish loads', async () => {
    const { tab, withheld } = await openPartnerPage('the bundle served without embedded-wallet-strings-es.js');
    const toSpanish = () =>
      tab.evaluate(() =>
        (window as any).EmbeddedWallet.loadWalletStrings('es').then(
          (strings: { signInWithEmail: string }) => {
            (window as any).EmbeddedWallet.setWalletStrings(strings);
            return { ok: strings.signInWithEmail };
          },
          (e: { code?: string; message: string }) => ({ code: e.code, message: e.message }),
        ),
      );
    const refused = (await toSpanish()) as { code?: string; message?: string };
    expect(refused.code).to.equal('CONFIG_BUNDLE_FILE');
    expect(refused.message).to.include('embedded-wallet-strings-es.js');
    await tab.waitFor({ role: 'button', name: 'Email me a code' });
    withheld.serve();
    expect(await toSpanish()).to.deep.equal({ ok: 'Envíame un código por correo' });
    await tab.waitFor({ role: 'button', name: 'Envíame un código por correo' });
  });
});
