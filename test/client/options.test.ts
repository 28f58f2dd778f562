/** The sandbox escape hatch is narrow: it never drops a pin and it says so in the console. */
import { expect } from 'chai';
import { describe, it } from '#test-harness';
import { resolveOptions } from '../../src/client/options.js';
import { PRODUCTION_EXPORT_SIGNER_KEY, PRODUCTION_OTP_TARGET_SIGNER_KEY } from '../../src/crypto/index.js';

describe('dangerouslyTrustUnpinnedSandbox', () => {
  it('keeps every pin (given or default), accepts only unsigned export bundles, and warns once', () => {
    const warnings: unknown[][] = [];
    const warn = console.warn;
    console.warn = (...args: unknown[]) => void warnings.push(args);
    try {
      const given = resolveOptions({
        accountId: 'InternalAccount:a',
        apiBase: '/api',
        enclaveKeys: { otpTarget: '04aa', export: '04bb' },
        dangerouslyTrustUnpinnedSandbox: true,
      });
      expect(given.trust.otpTarget).to.deep.equal({ pinnedKey: '04aa' });
      expect(given.trust.export).to.deep.equal({ pinnedKey: '04bb', dangerouslyAcceptUnsignedSandboxBundle: true });
      const defaults = resolveOptions({
        accountId: 'InternalAccount:a',
        apiBase: '/api',
        dangerouslyTrustUnpinnedSandbox: true,
      });
      expect(defaults.trust.otpTarget).to.deep.equal({ pinnedKey: PRODUCTION_OTP_TARGET_SIGNER_KEY });
      expect(defaults.trust.export.pinnedKey).to.equal(PRODUCTION_EXPORT_SIGNER_KEY);
      expect(warnings).to.have.length(1);
      expect(String(warnings[0]![0])).to.match(/dangerouslyTrustUnpinnedSandbox.*Never use it in production/);
    } finally {
      console.warn = warn;
    }
  });

  it('is off by default: no hatch, no warning', () => {
    const options = resolveOptions({ accountId: 'InternalAccount:a', apiBase: '/api' });
    expect(options.trust.export).to.deep.equal({ pinnedKey: PRODUCTION_EXPORT_SIGNER_KEY });
  });
});
