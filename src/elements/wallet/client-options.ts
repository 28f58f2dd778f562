/**
 * The client options `<ew-wallet>`'s attributes make (validated first by
 * config-check.ts). Type imports only: the frame's script uses it too, for a
 * part used on its own (frame-page/part-client.ts), without carrying a second client.
 */
import type { PasskeyCeremonyElsewhere, SessionKeyMode, Transport, WalletClientOptions } from '../../client/index.js';

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

/** The client options of a checked configuration (config-check.ts found no problem), its ceremonies run `elsewhere` if given. */
export function clientOptions(a: WalletAttributes, elsewhere?: PasskeyCeremonyElsewhere): WalletClientOptions {
  return {
    passkeyCeremonyElsewhere: elsewhere,
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
  };
}
