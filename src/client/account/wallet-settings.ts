/** Wallet export, privacy and contact changes: the signed management operations. */
import { generateEncryptionKeyPair, loadHpke, publicKeyHex } from '../../crypto/index.js';
import { WalletError } from '../../protocol/index.js';
import { activeSession, sessionSignedCall, expectActivity, type ClientContext } from '../context.js';
import { getWallet } from './wallet-info.js';

/**
 * Exports the wallet: a fresh ECDH key, a signed request naming it, then the
 * export bundle verified against the pinned export key and opened. The
 * bundle must be signed for the organization of the activity this client
 * stamped: a relay cannot pass off another wallet's bundle, sealed to our
 * fresh key, as this one's. The mnemonic goes to the caller only: never into
 * an event, a log or storage.
 */
export async function exportWallet(ctx: ClientContext): Promise<string> {
  const operation = 'exportWallet';
  const session = await activeSession(ctx, operation);
  // The bundle is opened with HPKE, loaded on first use: required before the request goes out.
  const [recipient, hpke] = await Promise.all([generateEncryptionKeyPair(), loadHpke()]);
  const clientPublicKey = await publicKeyHex(recipient.publicKey, 'uncompressed');
  const { body, activity } = await sessionSignedCall<{ encryptedWalletCredentials?: string }>(ctx, session, {
    method: 'POST',
    path: `/internal-accounts/${encodeURIComponent(ctx.options.accountId)}/export`,
    body: { clientPublicKey },
    operation,
    expect: expectActivity(ctx, 'exportWallet', {
      targetPublicKey: clientPublicKey,
      parameters: { walletId: ctx.options.accountId },
      freeParameters: ['language'],
    }),
  });
  if (typeof body?.encryptedWalletCredentials !== 'string') {
    throw new WalletError('INVALID_RESPONSE', 'The export answer has no encryptedWalletCredentials', { operation });
  }
  const organizationId = ctx.options.organizationId ?? activity?.organizationId;
  // The hosted sandbox's unsigned bundles (explicit option) carry no signed organization to hold.
  if (organizationId === undefined && !ctx.options.dangerouslyTrustUnpinnedSandbox) {
    throw new WalletError('INVALID_RESPONSE', 'The export activity names no organization to check the bundle against', {
      operation,
    });
  }
  return hpke.openExportBundle({
    bundle: body.encryptedWalletCredentials,
    recipient,
    trust: ctx.options.trust.export,
    ...(organizationId === undefined ? {} : { organizationId }),
  });
}

/**
 * Turns the wallet's privacy on or off. With `customerId` set, done only once
 * the wallet reads back the value asked for: a relay that withholds the signed
 * retry and answers 200 itself is caught (NOT_CONFIRMED).
 */
export async function setWalletPrivacy(ctx: ClientContext, enabled: boolean): Promise<void> {
  const operation = 'setWalletPrivacy';
  const session = await activeSession(ctx, operation);
  const result = await sessionSignedCall(ctx, session, {
    method: 'PATCH',
    path: `/internal-accounts/${encodeURIComponent(ctx.options.accountId)}`,
    body: { privateEnabled: enabled },
    operation,
    expect: expectActivity(ctx, 'setWalletPrivacy', {
      parameters: { walletId: ctx.options.accountId, privateEnabled: enabled },
    }),
    ...(ctx.options.customerId ? { readBack: async () => (await getWallet(ctx)).privateEnabled === enabled } : {}),
  });
  if (result.outcome === 'answered' && ctx.options.customerId && (await getWallet(ctx)).privateEnabled !== enabled) {
    throw new WalletError('NOT_CONFIRMED', 'The service answered the change, but the wallet reads otherwise', {
      operation,
    });
  }
}

/** Whether a customer answer is `customerId` holding the contact asked for. */
function holds(answer: unknown, customerId: string, contact: { email: string } | { phoneNumber: string }): boolean {
  if (typeof answer !== 'object' || answer === null) return false;
  const customer = answer as Record<string, unknown>;
  const [[field, value]] = Object.entries(contact) as [[string, string]];
  return customer['id'] === customerId && customer[field] === value;
}

/**
 * Changes the customer's email or phone (one per call). The service signs a
 * change while the customer has wallets tied, and this client's
 * customer always has: an unsigned answer is taken only as the customer
 * already holding that value (nothing changed, nothing to sign).
 */
export async function updateContact(
  ctx: ClientContext,
  contact: { email: string } | { phoneNumber: string },
): Promise<Record<string, unknown>> {
  const operation = 'updateContact';
  const { customerId } = ctx.options;
  if (!customerId) throw new TypeError('updateContact needs the "customerId" option');
  const isEmail = 'email' in contact;
  if (isEmail === 'phoneNumber' in contact)
    throw new TypeError('updateContact takes {email} or {phoneNumber}, one per call');
  const session = await activeSession(ctx, operation);
  const { body } = await sessionSignedCall<Record<string, unknown>>(ctx, session, {
    method: 'PATCH',
    path: `/customers/${encodeURIComponent(customerId)}`,
    body: { customerType: 'INDIVIDUAL', ...contact },
    operation,
    unsignedAnswer: (status, answer) => status === 200 && holds(answer, customerId, contact),
    expect: expectActivity(ctx, isEmail ? 'updateEmail' : 'updatePhoneNumber', {
      parameters: { customerId, ...contact },
    }),
  });
  return body ?? {};
}
