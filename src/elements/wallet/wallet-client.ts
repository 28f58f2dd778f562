/**
 * The wallet's attributes that make its client, and the client they make.
 * Validation of the same attributes is config-check.ts's.
 */
import {
  WalletClient,
  type PasskeyCeremonyElsewhere,
  type SessionKeyMode,
  type Transport,
} from '../../client/index.js';
import type { WalletConfig } from './config-check.js';

/** What `<ew-wallet>` is configured with (its attributes and `transport`). */
export interface WalletAttributes {
  apiBase: string | undefined;
  accountId: string | undefined;
  customerId: string | undefined;
  sessionKeyMode: SessionKeyMode | undefined;
  otpTargetKey: string | undefined;
  exportKey: string | undefined;
  rpId: string | undefined;
  organizationId: string | undefined;
  maxSessionSeconds: string | undefined;
  dangerouslyTrustUnpinnedSandbox: boolean;
  transport: Transport | undefined;
}

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

/** The client of a checked configuration (config-check.ts found no problem), its ceremonies run `elsewhere` if given. */
export function makeClient(a: WalletAttributes, elsewhere?: PasskeyCeremonyElsewhere): WalletClient {
  return new WalletClient({
    passkeyCeremonyElsewhere: elsewhere,
    readCredentialsAhead: true,
    accountId: a.accountId!,
    ...(a.transport ? { transport: a.transport } : { apiBase: a.apiBase! }),
    ...(a.customerId ? { customerId: a.customerId } : {}),
    ...(a.sessionKeyMode ? { sessionKeyMode: a.sessionKeyMode } : {}),
    ...(a.rpId ? { rpId: a.rpId } : {}),
    ...(a.organizationId ? { organizationId: a.organizationId } : {}),
    ...(a.maxSessionSeconds ? { maxSessionSeconds: Number(a.maxSessionSeconds) } : {}),
    enclaveKeys: {
      ...(a.otpTargetKey ? { otpTarget: a.otpTargetKey } : {}),
      ...(a.exportKey ? { export: a.exportKey } : {}),
    },
    dangerouslyTrustUnpinnedSandbox: a.dangerouslyTrustUnpinnedSandbox,
  });
}
