/**
 * `embedded-wallet-elements/sandbox`: the local stand-in for the payments
 * service (./sandbox.ts). It needs packages a browser app does not, so the
 * package lists them as optional peers; imported without them, it says which
 * to install instead of failing on the first missing import.
 */
import type * as SandboxModule from './sandbox.js';

export type {
  FaultKind,
  FaultRule,
  Sandbox,
  SandboxClock,
  SandboxOptions,
  StandInAnswer,
  StandInOptions,
} from './sandbox.js';

/** The server-only packages the sandbox runs on (optional peer dependencies of this package). */
export const SANDBOX_PACKAGES = ['@simplewebauthn/server', '@turnkey/crypto', '@turnkey/encoding', '@scure/bip39'];

async function load(): Promise<typeof SandboxModule> {
  try {
    return await import('./sandbox.js');
  } catch (error) {
    const missing = SANDBOX_PACKAGES.find((name) => String((error as Error).message).includes(`'${name}`));
    if ((error as { code?: string }).code !== 'ERR_MODULE_NOT_FOUND' || !missing) throw error;
    throw new Error(
      `embedded-wallet-elements/sandbox needs ${missing}, which a browser app does not install. ` +
        `Install the sandbox's packages as development dependencies: npm install --save-dev ${SANDBOX_PACKAGES.join(' ')}`,
      { cause: error },
    );
  }
}

export const { startSandbox, API_VERSION, SANDBOX_OIDC_ISSUER, standInAuthorization } = await load();
