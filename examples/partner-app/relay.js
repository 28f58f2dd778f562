// The wallet relay, configured once for every backend: the service, the
// platform credentials, the mount path, and the one question only the
// partner can answer: may the visitor behind this request act on this wallet?
import { createRelay } from 'embedded-wallet-elements/relay';

export const RELAY_PATH = '/api/wallet';

/**
 * @param {{ serviceUrl: string, credentials: { username: string, password: string } }} service
 * @param {string} origin the origin of the pages that call it
 * @param {{ frameOrigin?: string }} [isolated] on the frame origin: sign-ins taken from the frame only
 */
export function walletRelay(service, partner, origin, isolated = {}) {
  return createRelay({
    serviceUrl: service.serviceUrl,
    credentials: service.credentials,
    basePath: RELAY_PATH, // exactly where it is mounted
    ...isolated,
    authorize: ({ request, accountId }) => partner.userOf(request.headers.get('cookie'))?.accountId === accountId,
    passkeys: {
      rpId: new URL(origin).hostname,
      rpName: 'Partner app',
      user: ({ request, accountId }) => ({
        id: accountId,
        name: partner.userOf(request.headers.get('cookie'))?.email ?? 'user',
      }),
    },
  });
}
