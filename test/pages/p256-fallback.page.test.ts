/**
 * The script-tag bundle's @noble/curves fallback (src/crypto/scalar-import.ts)
 * in real pages: Chromium imports a sealed session key natively and never
 * requests embedded-wallet-p256.js; a Chromium made to refuse PKCS#8 without
 * the public point, as Safari is reported to, fetches that one same-origin file
 * under the strict CSP with Trusted Types and signs with the key; a page that
 * cannot fetch it gets a typed error. The sealed key comes from a real
 * session refresh through the relay and the sandbox.
 */
import { expect } from 'chai';
import { after, before, describe, it } from 'node:test';
import type { Browser, Page } from 'playwright';
import {
  launchChromium,
  newPageWallet,
  startPageServer,
  walletPageUrl,
  watchPage,
  type PageServer,
} from '../helpers/page-server.js';

const FALLBACK_FILE = 'embedded-wallet-p256.js';

describe('the script tag and the P-256 fallback file', () => {
  let server: PageServer;
  let browser: Browser;

  before(async () => {
    server = await startPageServer();
    browser = await launchChromium();
  });
  after(async () => {
    await browser?.close();
    await server?.close();
  });

  /** A page on `path` with a fresh wallet, recording every URL it requests. */
  async function openPage(path: string, options: { refuseBarePkcs8?: boolean } = {}) {
    const page = await browser.newPage();
    const requests: string[] = [];
    page.on('request', (request) => requests.push(new URL(request.url()).pathname));
    const { problems } = await watchPage(page);
    // Installed by the browser before any page script: a record of PKCS#8 imports and, when asked,
    // WebCrypto refusing the native form the way Safari is reported to (the test's doing, not a seam).
    await page.addInitScript((refuse) => {
      const importKey = SubtleCrypto.prototype.importKey;
      const seen: number[] = ((window as any).__pkcs8Lengths = []);
      SubtleCrypto.prototype.importKey = function (this: SubtleCrypto, ...args: unknown[]) {
        const [format, keyData] = args as [string, ArrayBufferView];
        if (format === 'pkcs8') seen.push(keyData.byteLength);
        if (refuse && format === 'pkcs8' && keyData.byteLength === 67) {
          return Promise.reject(new DOMException('PKCS#8 without a public key', 'NotSupportedError'));
        }
        return (importKey as (...a: unknown[]) => Promise<CryptoKey>).apply(this, args);
      } as typeof importKey;
    }, options.refuseBarePkcs8 ?? false);
    const { accountId } = await newPageWallet(server, 'p256');
    await page.goto(walletPageUrl(server, path, accountId));
    return { page, requests, problems, accountId };
  }

  /**
   * Signs in by email OTP with the bundle's headless client (sealed session-key
   * mode, the default), then refreshes twice: each refresh opens a sealed
   * session key and imports its scalar; the second is signed by the first's key.
   */
  function signInAndRefresh(page: Page, accountId: string, enclaveKeys: { otpTarget: string; export: string }) {
    return page.evaluate(
      async ({ accountId, enclaveKeys }) => {
        const { WalletClient } = (window as any).EmbeddedWallet;
        const client = new WalletClient({ accountId, apiBase: '/api', enclaveKeys, storageNamespace: 'p256-test' });
        await client.ready;
        const flow = await client.signInWithEmailOtp();
        await flow.finish('000000');
        const keys: string[] = []; // session ids, one per refresh
        try {
          for (let i = 0; i < 2; i++) keys.push((await client.refreshSession()).id);
          return { keys };
        } catch (error) {
          const e = error as { code?: string; name?: string; message?: string };
          return { keys, error: { code: e.code, name: e.name, message: e.message } };
        } finally {
          client.close();
        }
      },
      { accountId, enclaveKeys },
    );
  }

  const keysOf = () => ({ otpTarget: server.sandbox.enclaveKeys.otpTarget, export: server.sandbox.enclaveKeys.export });

  it('Chromium imports sealed session keys natively and never requests the fallback file', async () => {
    const { page, requests, problems, accountId } = await openPage('/csp/plain.html');
    const result = await signInAndRefresh(page, accountId, keysOf());
    expect(result.error).to.equal(undefined);
    expect(new Set(result.keys).size).to.equal(2);
    expect(requests).to.include('/dist/embedded-wallet-elements.js');
    // Each import: the 67-byte form (no public point) as ECDSA and as ECDH, never the 138-byte one.
    expect(await page.evaluate(() => (window as any).__pkcs8Lengths)).to.deep.equal([67, 67, 67, 67]);
    expect(requests.filter((path) => path.endsWith(FALLBACK_FILE))).to.deep.equal([]);
    expect(problems).to.deep.equal([]);
    await page.close();
  });

  it('an engine refusing the native import fetches the fallback once, under the strict CSP, and signs with the key', async () => {
    const { page, requests, problems, accountId } = await openPage('/csp/plain.html', { refuseBarePkcs8: true });
    const result = await signInAndRefresh(page, accountId, keysOf());
    expect(result.error).to.equal(undefined);
    // Two refreshes, two imports through the fallback; the second refresh was stamped by the first key.
    expect(new Set(result.keys).size).to.equal(2);
    expect(requests.filter((path) => path.endsWith(FALLBACK_FILE))).to.deep.equal([`/dist/${FALLBACK_FILE}`]);
    expect(await page.evaluate(() => (window as any).__pkcs8Lengths)).to.deep.equal([67, 67, 138, 67, 67, 138]);
    expect(problems).to.deep.equal([]);
    await page.close();
  });

  it('when the fallback file cannot be fetched, the refresh fails with P256_FALLBACK_UNAVAILABLE', async () => {
    const { page, accountId } = await openPage('/plain.html', { refuseBarePkcs8: true });
    await page.route(`**/${FALLBACK_FILE}`, (route) => route.abort());
    const result = await signInAndRefresh(page, accountId, keysOf());
    expect(result.keys).to.deep.equal([]);
    expect(result.error?.code).to.equal('P256_FALLBACK_UNAVAILABLE');
    await page.close();
  });
});
