/**
 * What a partner backend may do right after creating a customer: register the
 * wallet's EMAIL_OTP (and SMS_OTP) credentials itself, unsigned while none has
 * been used to sign in (docs/sandbox.md, "Wallets, sign-in and sessions"). Tests that are not about the first
 * sign-in start from such a wallet; the bootstrap tests leave it bare.
 */
type PlatformCall = (method: string, path: string, body?: unknown) => Promise<{ status: number; body: any }>;

export async function registerOtpCredentials(
  call: PlatformCall,
  accountId: string,
  contact: { email?: unknown; phoneNumber?: unknown },
): Promise<void> {
  const types = [...(contact.email ? ['EMAIL_OTP'] : []), ...(contact.phoneNumber ? ['SMS_OTP'] : [])];
  for (const type of types) {
    const answer = await call('POST', '/auth/credentials', { type, accountId });
    if (answer.status !== 201) throw new Error(`register ${type}: ${answer.status} ${JSON.stringify(answer.body)}`);
  }
}
