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

/**
 * The server-only packages the sandbox runs on, with the versions it is tested with. A partner
 * installs them as development dependencies; they are not dependencies of this package, not even
 * optional peers (npm keeps an optional peer a development dependency satisfies in a production
 * install, `npm ci --omit=dev`).
 */
export const SANDBOX_PACKAGE_VERSIONS: Readonly<Record<string, string>> = {
  '@simplewebauthn/server': '^14.0.3',
  '@turnkey/crypto': '^2.13.2',
  '@turnkey/encoding': '^0.6.0',
  '@scure/bip39': '^2.4.0',
};

/** Their names. */
export const SANDBOX_PACKAGES = Object.keys(SANDBOX_PACKAGE_VERSIONS);

/** What to install, as `npm install` takes it: each package at its tested range. */
const installList = () =>
  Object.entries(SANDBOX_PACKAGE_VERSIONS)
    .map(([name, range]) => `${name}@${range}`)
    .join(' ');

async function load(): Promise<typeof SandboxModule> {
  try {
    return await import('./sandbox.js');
  } catch (error) {
    const missing = SANDBOX_PACKAGES.find((name) => String((error as Error).message).includes(`'${name}`));
    if ((error as { code?: string }).code !== 'ERR_MODULE_NOT_FOUND' || !missing) throw error;
    throw new Error(
      `embedded-wallet-elements/sandbox needs ${missing}, which a browser app does not install. ` +
        `Install the sandbox's packages as development dependencies: npm install --save-dev ${installList()}`,
      { cause: error },
    );
  }
}

export const { startSandbox, API_VERSION, SANDBOX_OIDC_ISSUER, standInAuthorization } = await load();
