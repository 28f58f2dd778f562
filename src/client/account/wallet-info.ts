/**
 * The wallet's own facts as the service keeps them: balance, address and
 * privacy, read through the relay's one allowlisted wallet read
 * (`GET /customers/internal-accounts?customerId=`), and the account's contact
 * for "signed in as" (its email or phone credential).
 */
import { WalletError, type DataList } from '../../protocol/index.js';
import { listCredentials, type ClientContext } from '../context.js';

export interface WalletInfo {
  /** The wallet (`InternalAccount:…`). */
  id: string;
  /** In the currency's smallest unit. */
  balance: { amount: number; currency: { code: string; decimals: number } };
  /** Where the wallet receives funds on its chain, e.g. `0x…`. */
  address: string | undefined;
  privateEnabled: boolean | undefined;
}

const CODE = /^[A-Z0-9]{3,10}$/;

/** Reads the wallet; every field shown is checked to be of the shape shown (a relay answers this). */
export async function getWallet(ctx: ClientContext): Promise<WalletInfo> {
  const operation = 'getWallet';
  const { customerId, accountId } = ctx.options;
  if (!customerId) throw new TypeError('getWallet needs the "customerId" option');
  const { body } = await ctx.api.call<DataList<Record<string, unknown>>>({
    method: 'GET',
    path: `/customers/internal-accounts?customerId=${encodeURIComponent(customerId)}`,
    operation,
  });
  const wallet = Array.isArray(body.data) ? body.data.find((w) => w?.['id'] === accountId) : undefined;
  const invalid = (what: string) =>
    new WalletError('INVALID_RESPONSE', `The wallet read has no ${what} for this wallet`, { operation });
  if (!wallet) throw invalid('entry');
  const balance = wallet['balance'] as { amount?: unknown; currency?: { code?: unknown; decimals?: unknown } } | null;
  const amount = balance?.amount;
  const code = balance?.currency?.code;
  const decimals = balance?.currency?.decimals;
  if (
    typeof amount !== 'number' ||
    !Number.isSafeInteger(amount) ||
    typeof code !== 'string' ||
    !CODE.test(code) ||
    typeof decimals !== 'number' ||
    !Number.isInteger(decimals) ||
    decimals < 0 ||
    decimals > 18
  )
    throw invalid('well-formed balance');
  const address = wallet['walletAddress'];
  const privateEnabled = wallet['privateEnabled'];
  return {
    id: accountId,
    balance: { amount, currency: { code, decimals } },
    address: typeof address === 'string' && /^[\w:.-]{1,128}$/.test(address) ? address : undefined,
    privateEnabled: typeof privateEnabled === 'boolean' ? privateEnabled : undefined,
  };
}

/** The account's contact: its email credential's address, else its phone's; undefined when it has neither. */
export async function accountContact(ctx: ClientContext): Promise<string | undefined> {
  const credentials = await listCredentials(ctx, 'accountContact');
  return (credentials.find((c) => c.type === 'EMAIL_OTP') ?? credentials.find((c) => c.type === 'SMS_OTP'))?.nickname;
}
