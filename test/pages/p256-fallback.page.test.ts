/**
 * The script-tag bundle's @noble/curves fallback (src/crypto/hpke/scalar-import.ts)
 * in real pages, in the engine `TEST_ENGINE` names: the engine imports a
 * sealed session key natively and never requests embedded-wallet-p256.js; the
 * engine made to refuse PKCS#8 without the public point, as Safari is reported
 * to, fetches that one same-origin file under the strict CSP with Trusted
 * Types and signs with the key; a page that cannot fetch it gets a typed
 * error. The sealed key comes from a real session refresh through the relay
 * and the sandbox. Requests are read from the page's own resource timing.
 */
import { expect } from 'chai';
import { describe, it } from 'node:test';
import { testEngine, type Tab } from '../helpers/engine/index.js';
import { newPageWallet, pageSuite, walletPageUrl } from '../helpers/page-server.js';

const FALLBACK_FILE = 'embedded-wallet-p256.js';

describe(`the script tag and the P-256 fallback file (${testEngine()})`, () => {
  const suite = pageSuite();

  /** A tab on `path` with a fresh wallet. */
  async function openPage(path: string, options: { refuseBarePkcs8?: boolean } = {}) {
    const tab = await suite.newTab();
    // Installed before any key import (before the page's scripts where the automation can): a record of PKCS#8
    // imports and, when asked, WebCrypto refusing the native form the way Safari is reported to (the test's doing).
    await tab.addInitScript((refuse) => {
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
    const { accountId } = await newPageWallet(suite.server, 'p256');
    await tab.goto(walletPageUrl(suite.server, path, accountId));
    return { tab, accountId };
  }

  /** The paths this document has fetched, from its resource timing entries. */
  const requests = (tab: Tab) =>
    tab.evaluate(() => performance.getEntriesByType('resource').map((entry) => new URL(entry.name).pathname));

  /**
   * Signs in by email OTP with the bundle's headless client (sealed session-key
   * mode, the default), then refreshes twice: each refresh opens a sealed
   * session key and imports its scalar; the second is signed by the first's key.
   */
  function signInAndRefresh(tab: Tab, accountId: string, enclaveKeys: { otpTarget: string; export: string }) {
    return tab.evaluate(
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

  const keysOf = () => ({
    otpTarget: suite.server.sandbox.enclaveKeys.otpTarget,
    export: suite.server.sandbox.enclaveKeys.export,
  });

  it('the engine imports sealed session keys natively and never requests the fallback file', async () => {
    const { tab, accountId } = await openPage('/csp/plain.html');
    const result = await signInAndRefresh(tab, accountId, keysOf());
    expect(result.error).to.equal(undefined);
    expect(new Set(result.keys).size).to.equal(2);
    const fetched = await requests(tab);
    expect(fetched).to.include('/dist/embedded-wallet-elements.js');
    // Every import the native 67-byte form (no public point): ECDSA and ECDH per refresh (and any pre-warm).
    const lengths: number[] = await tab.evaluate(() => (window as any).__pkcs8Lengths);
    expect(lengths.length).to.be.at.least(4);
    expect(new Set(lengths)).to.deep.equal(new Set([67]));
    expect(fetched.filter((path) => path.endsWith(FALLBACK_FILE))).to.deep.equal([]);
    expect(await tab.problems()).to.deep.equal([]);
  });

  it('an engine refusing the native import fetches the fallback once, under the strict CSP, and signs with the key', async () => {
    const { tab, accountId } = await openPage('/csp/plain.html', { refuseBarePkcs8: true });
    const result = await signInAndRefresh(tab, accountId, keysOf());
    expect(result.error).to.equal(undefined);
    // Two refreshes, two imports through the fallback; the second refresh was stamped by the first key.
    expect(new Set(result.keys).size).to.equal(2);
    const fetched = await requests(tab);
    expect(fetched.filter((path) => path.endsWith(FALLBACK_FILE))).to.deep.equal([`/dist/${FALLBACK_FILE}`]);
    // Refused 67-byte imports, and the fallback's 138-byte ones (the public point derived by @noble/curves).
    const lengths: number[] = await tab.evaluate(() => (window as any).__pkcs8Lengths);
    expect(lengths.filter((n) => n === 138).length).to.be.at.least(2);
    expect(new Set(lengths)).to.deep.equal(new Set([67, 138]));
    expect(await tab.problems()).to.deep.equal([]);
  });

  it('when the fallback file cannot be fetched, the refresh fails with P256_FALLBACK_UNAVAILABLE', async () => {
    const { tab, accountId } = await openPage('/plain.html', { refuseBarePkcs8: true });
    suite.server.unavailable(`/dist/${FALLBACK_FILE}`);
    try {
      const result = await signInAndRefresh(tab, accountId, keysOf());
      expect(result.keys).to.deep.equal([]);
      expect(result.error?.code).to.equal('P256_FALLBACK_UNAVAILABLE');
    } finally {
      suite.server.available(`/dist/${FALLBACK_FILE}`);
    }
  });
});
