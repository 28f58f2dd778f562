/**
 * The wallet's attributes that make its client (client-options.ts), and the client they make.
 * Validation of the same attributes is config-check.ts's.
 */
import { WalletClient, type PasskeyCeremonyElsewhere } from '../../client/index.js';
import { clientOptions, type WalletAttributes } from './client-options.js';
import type { WalletConfig } from './config-check.js';

/** The properties whose change makes a new client. */
export const CLIENT_CONFIG = [
  'apiBase',
  'accountId',
  'customerId',
  'sessionKeyMode',
  'otpTargetKey',
  'exportKey',
  'rpId',
  'organizationId',
  'maxSessionSeconds',
  'dangerouslyTrustUnpinnedSandbox',
  'transport',
] as const satisfies readonly (keyof WalletAttributes)[];

/** The attributes config-check.ts checks. */
export const configOf = (a: WalletAttributes): WalletConfig => ({
  apiBase: a.apiBase,
  accountId: a.accountId,
  hasTransport: a.transport !== undefined,
  sessionKeyMode: a.sessionKeyMode,
  otpTargetKey: a.otpTargetKey,
  exportKey: a.exportKey,
  maxSessionSeconds: a.maxSessionSeconds,
});

/** The client of a checked configuration, its ceremonies run `elsewhere` if given. */
export const makeClient = (a: WalletAttributes, elsewhere?: PasskeyCeremonyElsewhere): WalletClient =>
  new WalletClient(clientOptions(a, elsewhere));
