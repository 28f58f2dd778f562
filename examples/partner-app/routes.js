// The partner's own routes, shared by every backend: sign in to the
// site, the wallet's configuration, and paying (quote -> the user approves in
// the widget -> execute with its signature -> follow the status).

/** The policy the elements are tested under; `connect-src 'self'` reaches the relay on this origin. */
export const PAGE_CSP = [
  "default-src 'self'",
  "script-src 'self'",
  "style-src 'self'",
  "connect-src 'self'",
  "object-src 'none'",
  "base-uri 'none'",
  "require-trusted-types-for 'script'",
  'trusted-types lit-html',
  // No other site may frame the payment page over a decoy (clickjacking); X-Frame-Options for older browsers.
  "frame-ancestors 'self'",
].join('; ');

/** What the page may know of its user. */
const view = (user) => ({ email: user.email, customerId: user.customerId, accountId: user.accountId });

export function partnerRoutes({ service, partner }) {
  /** A handler for a signed-in user: 401 otherwise; a thrown error becomes its status and message. */
  const signedIn = (handle) => async (request) => {
    const user = partner.userOf(request.cookie);
    if (!user) return { status: 401, body: { message: 'Sign in first' } };
    try {
      return { status: 200, body: await handle(user, request) };
    } catch (error) {
      return { status: error.status ?? 500, body: { message: error.message } };
    }
  };
  return [
    {
      method: 'GET',
      path: '/config',
      // The enclave keys the widget pins (production: the service's published keys).
      handle: async () => ({ status: 200, body: { enclaveKeys: service.enclaveKeys } }),
    },
    {
      method: 'POST',
      path: '/login',
      handle: async ({ body }) => {
        try {
          const { sessionId, user } = await partner.login(body?.email);
          const cookie = `sid=${sessionId}; HttpOnly; SameSite=Lax; Path=/`;
          return { status: 200, body: view(user), headers: { 'set-cookie': cookie } };
        } catch (error) {
          return { status: error.status ?? 500, body: { message: error.message } };
        }
      },
    },
    {
      method: 'GET',
      path: '/me',
      // Who is signed in to the shop, if anyone (a visitor is not an error).
      handle: async ({ cookie }) => {
        const user = partner.userOf(cookie);
        return { status: 200, body: { user: user ? view(user) : null } };
      },
    },
    { method: 'POST', path: '/pay', handle: signedIn((user, { body }) => partner.quote(user, body?.amount)) },
    {
      method: 'POST',
      path: '/pay/execute',
      handle: signedIn((user, { body }) => partner.execute(user, body?.quoteId, body?.signature, body?.idempotencyKey)),
    },
    { method: 'GET', path: '/pay/status', handle: signedIn((user, { query }) => partner.status(user, query.quoteId)) },
  ];
}
