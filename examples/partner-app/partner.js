// The partner's own backend logic, whatever the framework: who is signed in
// to the partner's site, that user's customer and embedded wallet at the
// payments service, and the two money calls that never go through the relay
// (create a quote, execute it with the wallet's signature). Platform
// credentials stay here, on the server.

/** @typedef {{ email: string, customerId: string, accountId: string }} User */

/**
 * @param {{ serviceUrl: string, credentials: { username: string, password: string }, sandbox?: boolean }} service
 */
export function createPartner(service) {
  const authorization = `Basic ${Buffer.from(`${service.credentials.username}:${service.credentials.password}`).toString('base64')}`;

  /** A platform call (HTTP Basic with the platform credentials); throws with the service's error. */
  async function platform(method, path, body, headers = {}) {
    const response = await fetch(`${service.serviceUrl}${path}`, {
      method,
      headers: { authorization, 'content-type': 'application/json', ...headers },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    });
    const answer = await response.json();
    if (!response.ok)
      throw Object.assign(new Error(answer.message ?? response.statusText), { status: response.status, answer });
    return answer;
  }

  /** Session id (cookie) -> the signed-in user. Use your real sessions; this is a stand-in. */
  const sessions = new Map();

  return {
    /**
     * Signs a user in to the partner's site (here: by email alone, a stand-in for your login).
     * The first time, creates their customer; the service gives it an embedded wallet.
     * @returns {Promise<{ sessionId: string, user: User }>}
     */
    async login(email) {
      if (typeof email !== 'string' || !/^[^@\s]+@[^@\s]+$/.test(email))
        throw Object.assign(new Error('an email is needed'), { status: 400 });
      const found = await platform('GET', `/customers?email=${encodeURIComponent(email)}`);
      const customer = found.data?.[0] ?? (await platform('POST', '/customers', { customerType: 'INDIVIDUAL', email }));
      const wallets = await platform(
        'GET',
        `/customers/internal-accounts?customerId=${encodeURIComponent(customer.id)}`,
      );
      const wallet = wallets.data.find((account) => account.type === 'EMBEDDED_WALLET') ?? wallets.data[0];
      const user = { email, customerId: customer.id, accountId: wallet.id };
      const sessionId = crypto.randomUUID();
      sessions.set(sessionId, user);
      return { sessionId, user };
    },

    /** The user behind a request's `sid` cookie, if any. */
    userOf(cookieHeader) {
      const sid = /(?:^|;\s*)sid=([^;]+)/.exec(cookieHeader ?? '')?.[1];
      return sid ? sessions.get(sid) : undefined;
    },

    /**
     * A quote for paying `amount` cents to the user's payee. In the sandbox the
     * wallet is funded first, and the payee is a test bank account.
     */
    async quote(user, amount) {
      if (!Number.isSafeInteger(amount) || amount <= 0)
        throw Object.assign(new Error('amount must be whole cents'), { status: 400 });
      if (service.sandbox)
        await platform('POST', `/sandbox/internal-accounts/${encodeURIComponent(user.accountId)}/fund`, { amount });
      user.payee ??= (
        await platform('POST', '/customers/external-accounts', {
          currency: 'USD',
          customerId: user.customerId,
          accountInfo: {
            accountType: 'USD_ACCOUNT',
            accountNumber: '4444000123',
            routingNumber: '021000021',
            beneficiary: { fullName: 'Ada Payee' },
          },
        })
      ).id;
      const quote = await platform('POST', '/quotes', {
        source: { accountId: user.accountId },
        destination: { accountId: user.payee },
        lockedCurrencyAmount: amount,
      });
      (user.quotes ??= new Set()).add(quote.id);
      return quote;
    },

    /**
     * Executes a quote this user was given and approved: the widget's signature
     * and idempotency key, passed on as they are. Only the user's own quotes.
     */
    execute(user, quoteId, signature, idempotencyKey) {
      if (!user.quotes?.has(quoteId)) throw Object.assign(new Error('not your quote'), { status: 404 });
      return platform('POST', `/quotes/${encodeURIComponent(quoteId)}/execute`, undefined, {
        'Service-Wallet-Signature': signature,
        'Idempotency-Key': idempotencyKey,
      });
    },

    /** The status of one of the user's quotes, for the page to follow. */
    status(user, quoteId) {
      if (!user.quotes?.has(quoteId)) throw Object.assign(new Error('not your quote'), { status: 404 });
      return platform('GET', `/quotes/${encodeURIComponent(quoteId)}`);
    },
  };
}
