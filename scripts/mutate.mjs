// `npm run mutate`: mutation testing of every layer that guards the user: the
// crypto core, the client (and its protocol layer), the elements, the relay
// and the sandbox. Each named mutant removes or weakens one check; the tests
// must fail ("kill" it) for every one. A check no test notices is a check
// nothing protects.
//
//   node scripts/mutate.mjs [--only <name substring>] [--layer <layer>]
//
// Works on a copy of the working tree in a temporary directory (node_modules
// symlinked), so the real sources are never touched, even if interrupted.
// For each mutant its listed tests run first: Node test files with node's
// runner (the shared `*.test.ts` suites included), browser suites
// (`*.browser.test.ts`) in Chromium through web-test-runner. A mutant of
// the crypto core, the relay or the sandbox that its own tests miss also meets
// the rest of its layer's Node tests. Prints killed / survived per mutant (a
// survivor with its reason), then a kill score per layer; exits 1 if any
// survives. test/build/mutants.node.test.ts checks that every search string
// still occurs exactly once, and that every operation the relay forwards has
// a mutant, so the list cannot silently rot.
import { spawn, execFileSync } from 'node:child_process';
import { cpSync, mkdirSync, mkdtempSync, readFileSync, readdirSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const P256 = 'src/crypto/p256.ts';
const DER = 'src/crypto/der.ts';
const DER_READ = 'src/crypto/hpke/verify-signature.ts';
const IMPORT = 'src/crypto/hpke/scalar-import.ts';
const T = (name) => `test/crypto/${name}.test.ts`;
const APPROVE = 'src/elements/approve-quote/approve-quote.ts';
const ARMING_CODE = 'src/elements/approve-quote/arming.ts';
const SUMMARY = 'src/elements/approve-quote/quote-summary.ts';
const ARMING = 'test/elements/approve-arming.browser.test.ts';
const IDENTITY = 'test/client/relay-identity.browser.test.ts';
const BINDING = 'test/client/parameter-binding.browser.test.ts';
const SANDBOX_BINDING = 'test/sandbox/signed-binding.node.test.ts';

/** The layer a source file belongs to, for the per-layer score (isolated mode's folders count as the elements'). */
export const layerOf = (file) =>
  /^src\/(client|protocol)\//.test(file)
    ? 'client'
    : /^src\/(frame-link|frame-page|host-elements)\//.test(file)
      ? 'elements'
      : /^src\/(crypto|elements|relay|sandbox)\//.exec(file)?.[1];
export const LAYERS = ['crypto', 'client', 'elements', 'relay', 'sandbox'];

/**
 * The mutants: `search` must occur exactly once in `file`; `tests` are tried
 * first. `operation` names the relay operation (src/relay/operations.ts) whose
 * binding the mutant breaks, where it breaks one.
 */
export const MUTANTS = [
  // Point decoding (p256.ts): non-canonical and off-curve encodings.
  {
    name: 'p256: x >= p no longer refused',
    file: P256,
    search: "if (x >= P) throw new RangeError('x is not below the field prime');",
    replace: '',
    tests: [T('p256')],
  },
  {
    name: 'p256: y >= p no longer refused',
    file: P256,
    search: 'if (y >= P || (y * y) % P !== rhs)',
    replace: 'if ((y * y) % P !== rhs)',
    tests: [T('p256')],
  },
  {
    name: 'p256: uncompressed point not checked on the curve',
    file: P256,
    search: 'if (y >= P || (y * y) % P !== rhs)',
    replace: 'if (y >= P)',
    tests: [T('wycheproof-ecdh'), T('p256')],
  },
  {
    name: 'p256: compressed x without a curve point accepted',
    file: P256,
    search: "if ((root * root) % P !== rhs) throw new RangeError('no curve point has this x');",
    replace: '',
    tests: [T('wycheproof-ecdh'), T('p256')],
  },
  {
    name: 'p256: compressed point decoded with the wrong parity',
    file: P256,
    search: '(root & 1n) === BigInt(prefix & 1) ? root : P - root',
    replace: '(root & 1n) !== BigInt(prefix & 1) ? root : P - root',
    tests: [T('p256')],
  },
  {
    name: 'p256: any prefix accepted on 65 bytes',
    file: P256,
    search: '(bytes.length === 65 && prefix === 4)',
    replace: '(bytes.length === 65)',
    tests: [T('p256')],
  },
  {
    name: 'points: the requested SEC1 form not enforced',
    file: 'src/crypto/points.ts',
    search: "if (accept !== 'any' && bytes.length !== LENGTH[accept]) {",
    replace: 'if (false) {',
    tests: [T('wycheproof-ecdh'), T('bundles-negative'), T('keys')],
  },
  // Strict DER (hpke/verify-signature.ts reads it, der.ts writes it).
  {
    name: 'der: superfluous leading zero accepted',
    file: DER_READ,
    search: 'if (length > 1 && der[start] === 0 && !(der[start + 1]! & 0x80)) {',
    replace: 'if (false) {',
    tests: [T('der')],
  },
  {
    name: 'der: integers longer than 33 bytes accepted',
    file: DER_READ,
    search: 'if (length > 33) throw invalid(`${name} is longer than 33 bytes`);',
    replace: '',
    tests: [T('der')],
  },
  {
    name: 'der: negative integers accepted',
    file: DER_READ,
    search: 'if (der[start]! & 0x80) throw invalid(`${name} is negative`);',
    replace: '',
    tests: [T('der'), T('wycheproof-ecdsa')],
  },
  {
    name: 'der: r or s >= n accepted as well-formed',
    file: DER_READ,
    search: 'if (n === 0n || n >= P256_ORDER) {',
    replace: 'if (n === 0n) {',
    tests: [T('der'), T('wycheproof-ecdsa')],
  },
  {
    name: 'der: toLowS never flips s',
    file: DER,
    search: 'if (isLowS(raw)) return raw;',
    replace: 'return raw;',
    tests: [T('stamp'), T('wycheproof-ecdsa')],
  },
  {
    name: 'der: n - s loses its borrow',
    file: DER,
    search: 'borrow = d < 0 ? 1 : 0;',
    replace: 'borrow = 0;',
    tests: [T('der'), T('stamp')],
  },
  {
    name: 'der: isLowS compares the wrong way',
    file: DER,
    search: 'if (d !== 0) return d < 0;',
    replace: 'if (d !== 0) return d > 0;',
    tests: [T('der'), T('stamp')],
  },
  // Stamps (stamp.ts).
  {
    name: 'stamp: low-S normalisation dropped',
    file: 'src/crypto/stamp.ts',
    search: 'rawToDer(toLowS(new Uint8Array(raw)))',
    replace: 'rawToDer(new Uint8Array(raw))',
    tests: [T('stamp'), T('keys')],
  },
  // Enclave bundles (hpke/enclave-bundle.ts).
  {
    name: 'bundle: signer not compared with the pinned key',
    file: 'src/crypto/hpke/enclave-bundle.ts',
    search: 'if (!equalBytes(signer, pinned))',
    replace: 'if (false)',
    tests: [T('bundles-negative'), T('turnkey-fixtures')],
  },
  // The relay's reading of the service's answers (node-transport.ts).
  {
    name: 'relay: an answer closed before its end is not refused',
    file: 'src/relay/node-transport.ts',
    search: "if (!settled) reject(new Error('The connection closed before the answer was complete'));",
    replace: 'void settled;',
    tests: ['test/relay/upstream-pool.node.test.ts'],
  },
  // HPKE key schedule (hpke/suite.ts).
  {
    name: 'hpke: remembered extract keyed by label alone (another info served the first one)',
    file: 'src/crypto/hpke/suite.ts',
    search: "const key = `${String.fromCharCode(...label)}:${Array.from(ikm).join(',')}`;",
    replace: 'const key = String.fromCharCode(...label);',
    tests: [T('hpke-rfc9180')],
  },
  // Session scalar import (scalar-import.ts).
  {
    name: 'scalar import: self-check skipped (first candidate taken)',
    file: IMPORT,
    search:
      'if (await subtle.verify(SIGN, publicKey, signature, SELF_CHECK_MESSAGE)) return { privateKey, publicKey };',
    replace: 'return { privateKey, publicKey };',
    tests: [T('scalar-import')],
  },
  {
    name: 'scalar import: range check dropped',
    file: IMPORT,
    search: 'if ((borrow & ((nonZero + 255) >> 8)) !== 1) {',
    replace: 'if (false) {',
    tests: [T('scalar-import')],
  },
  {
    name: 'scalar import: zero scalar passes the range check',
    file: IMPORT,
    search: 'nonZero |= scalar[i]!;',
    replace: 'nonZero |= 1;',
    tests: [T('scalar-import')],
  },
  {
    name: 'scalar import: range check compares against n - 1',
    file: IMPORT,
    search: 'borrow = ((scalar[i]! - ORDER_BYTES[i]! - borrow) >> 8) & 1;',
    replace: 'borrow = ((scalar[i]! - ORDER_BYTES[i]! - borrow + (i === 31 ? 1 : 0)) >> 8) & 1;',
    tests: [T('scalar-import')],
  },
  {
    name: 'scalar import: caller scalar not wiped',
    file: IMPORT,
    search: '    scalar.fill(0);\n',
    replace: '',
    tests: [T('scalar-import')],
  },
  {
    name: 'scalar import: native PKCS#8 buffer not wiped',
    file: IMPORT,
    search:
      "subtle.importKey('pkcs8', pkcs8, ECDH, false, ['deriveBits']),\n    ]);\n  } finally {\n    pkcs8.fill(0);",
    replace: "subtle.importKey('pkcs8', pkcs8, ECDH, false, ['deriveBits']),\n    ]);\n  } finally {\n    void 0;",
    tests: [T('scalar-import')],
  },
  {
    name: 'scalar import: fallback PKCS#8 buffer not wiped',
    file: IMPORT,
    search:
      "privateKey = await getSubtle().importKey('pkcs8', pkcs8, ECDSA, false, ['sign']);\n  } finally {\n    pkcs8.fill(0);",
    replace:
      "privateKey = await getSubtle().importKey('pkcs8', pkcs8, ECDSA, false, ['sign']);\n  } finally {\n    void 0;",
    tests: [T('scalar-import')],
  },
  {
    name: 'scalar import: a failed self-check falls back instead of refusing',
    file: IMPORT,
    search: 'if (error instanceof WalletCryptoError) throw error;',
    replace: '',
    tests: [T('scalar-import')],
  },
  // The signed operations, one row of docs/security.md's binding table at a time: each mutant
  // lets a relay change one thing the service acts on.
  {
    name: 'token: a session key the client never asked for passes (relay-chosen session)',
    operation: 'auth.verify',
    file: 'src/crypto/payload-check.ts',
    search: '      ? session !== undefined',
    replace: '      ? false',
    tests: [T('payload-check')],
  },
  {
    name: 'token: the organization not held to organizationId',
    operation: 'auth.verify',
    file: 'src/crypto/payload-check.ts',
    search: "if (expect.organizationId !== undefined && claims['organization_id'] !== expect.organizationId) {",
    replace: 'if (false) {',
    tests: [T('payload-check')],
  },
  {
    name: "target bundle: another organization's code target taken",
    operation: 'auth.challenge',
    file: 'src/crypto/hpke/enclave-bundle.ts',
    search: "if (organizationId !== undefined && signedData['organizationId'] !== organizationId) {",
    replace: 'if (false) {',
    tests: [IDENTITY],
  },
  {
    name: "passkey sign-in: the login's credentialId not bound",
    operation: 'auth.challenge',
    file: 'src/client/passkey/passkey.ts',
    search: "      parameters: { credentialId: expected.credentialId },\n      freeParameters: ['nonce'],",
    replace: "      parameters: {},\n      freeParameters: ['nonce', 'credentialId'],",
    tests: [IDENTITY],
  },
  {
    name: 'add email or SMS sign-in method: the address not bound',
    operation: 'credential.register',
    file: 'src/client/account/code-credential.ts',
    search: 'parameters: { accountId, ...(email ? { email: contact } : { phoneNumber: contact }) },',
    replace: "parameters: { accountId }, freeParameters: ['email', 'phoneNumber'],",
    tests: [IDENTITY, BINDING],
  },
  {
    name: 'remove sign-in method: authenticatorIds not bound',
    operation: 'credential.revoke',
    file: 'src/client/account/credentials.ts',
    search: '{ parameters: { authenticatorIds: [credentialId] } }',
    replace: "{ parameters: {}, freeParameters: ['authenticatorIds'] }",
    tests: [BINDING],
  },
  {
    name: 'revoke session: apiKeyIds not bound',
    operation: 'session.revoke',
    file: 'src/client/flows/sessions.ts',
    search: "expectActivity(ctx, 'revokeSession', { parameters: { apiKeyIds: [sessionId] } }),",
    replace: "expectActivity(ctx, 'revokeSession', { parameters: {}, freeParameters: ['apiKeyIds'] }),",
    tests: [BINDING],
  },
  {
    name: 'revoke session: a made-up answer taken without reading back',
    operation: 'session.revoke',
    file: 'src/client/flows/sessions.ts',
    search: "if (result.outcome === 'answered' && !(await gone())) {",
    replace: 'if (false) {',
    tests: [IDENTITY],
  },
  {
    name: 'refresh: the session lifetime not limited',
    operation: 'session.refresh',
    file: 'src/client/flows/sessions.ts',
    search: '        parameters: {},\n        limits: { expirationSeconds: ctx.options.maxSessionSeconds },',
    replace: "        parameters: {},\n        freeParameters: ['expirationSeconds'],",
    tests: [BINDING],
  },
  {
    name: 'session answers: another wallet adopted',
    operation: 'session.refresh',
    file: 'src/client/session/session-manager.ts',
    search: 'if (answer.accountId !== this.accountId) {',
    replace: 'if (false) {',
    tests: [IDENTITY],
  },
  {
    name: 'session answers: another sign-in method adopted',
    operation: 'auth.verify',
    file: 'src/client/session/session-manager.ts',
    search: 'answer.credentialId !== undefined && answer.credentialId !== credential.id',
    replace: 'false',
    tests: [IDENTITY],
  },
  {
    name: 'export: walletId not bound',
    operation: 'wallet.export',
    file: 'src/client/account/wallet-settings.ts',
    search: "      parameters: { walletId: ctx.options.accountId },\n      freeParameters: ['language'],",
    replace: "      parameters: {},\n      freeParameters: ['language', 'walletId'],",
    tests: [BINDING],
  },
  {
    name: 'privacy: privateEnabled not bound',
    operation: 'wallet.privacy',
    file: 'src/client/account/wallet-settings.ts',
    search: 'parameters: { walletId: ctx.options.accountId, privateEnabled: enabled },',
    replace: "parameters: { walletId: ctx.options.accountId }, freeParameters: ['privateEnabled'],",
    tests: [BINDING],
  },
  {
    name: 'privacy: a made-up answer taken without reading back',
    operation: 'wallet.privacy',
    file: 'src/client/account/wallet-settings.ts',
    search:
      "if (result.outcome === 'answered' && ctx.options.customerId && (await getWallet(ctx)).privateEnabled !== enabled) {",
    replace: 'if (false) {',
    tests: [IDENTITY],
  },
  {
    name: 'contact change: the new email or phone not bound',
    operation: 'customer.contact',
    file: 'src/client/account/wallet-settings.ts',
    search: 'parameters: { customerId, ...contact },',
    replace: 'parameters: { customerId }, freeParameters: Object.keys(contact),',
    tests: [BINDING],
  },
  {
    name: "lists: the relay authorizes the hinted wallet, not the query's",
    operation: 'session.list',
    file: 'src/relay/account-claim.ts',
    search: "        ? query.get('accountId')",
    replace: '        ? request.header(ACCOUNT_HINT_HEADER)',
    tests: [
      'test/relay/account-claim.node.test.ts',
      'test/relay/relay.node.test.ts',
      'test/relay/hardening-requests.node.test.ts',
    ],
  },
  {
    name: 'lists: the credential list read for any wallet',
    operation: 'credential.list',
    file: 'src/relay/account-claim.ts',
    search: "  if (!allowed) refuse(403, 'FORBIDDEN', 'You may not act on this wallet');",
    replace: '',
    tests: [
      'test/relay/account-claim.node.test.ts',
      'test/relay/relay.node.test.ts',
      'test/relay/hardening-requests.node.test.ts',
    ],
  },
  {
    name: 'wallet read: an address whose case contradicts its checksum shown',
    operation: 'wallet.get',
    file: 'src/elements/wallet-overview/address-checksum.ts',
    search: "if (mixed && `0x${body}` !== out) throw new RangeError('the address does not match its EIP-55 checksum');",
    replace: '',
    tests: ['test/elements/address-checksum.test.ts', 'test/elements/wallet-overview.browser.test.ts'],
  },
  {
    name: "payee read: another customer's account taken as the payee",
    operation: 'payee.list',
    file: 'src/client/account/payee.ts',
    search: "(e) => e?.['id'] === externalAccountId && e['customerId'] === customerId",
    replace: "(e) => e?.['id'] === externalAccountId",
    tests: ['test/client/payee.browser.test.ts'],
  },
  {
    name: "quote: another wallet's quote shown with an Approve",
    operation: 'quote.get',
    file: SUMMARY,
    search: '    ...(accountId === undefined ? {} : { accountId }),',
    replace: '',
    tests: [ARMING],
  },
  // Guarantees beyond the table.
  {
    name: 'signed call: a requestId of any shape stamped',
    file: 'src/protocol/signed-call.ts',
    search: '  if (!isRequestId(b.requestId)) {',
    replace: '  if (false) {',
    tests: [IDENTITY],
  },
  {
    name: "clock: a relay's Date a day off believed",
    file: 'src/protocol/server-clock.ts',
    search: '    return Math.abs(this.offsetMs) <= MAX_BELIEVED_OFFSET_MS;',
    replace: '    return true;',
    tests: [IDENTITY],
  },
  {
    name: 'text: where a code went shown with its bidi controls',
    file: 'src/elements/shared/mask.ts',
    search: '  if (at > 0) return visibleLabel(`${destination[0]}***${destination.slice(at)}`);',
    replace: '  if (at > 0) return `${destination[0]}***${destination.slice(at)}`;',
    tests: ['test/elements/relay-text.browser.test.ts'],
  },
  {
    name: 'approve: arms 25 ms after drawing',
    file: ARMING_CODE,
    search: 'this.armTimer = setTimeout(() => this.set(true), ARM_AFTER_MS);',
    replace: 'this.armTimer = setTimeout(() => this.set(true), 25);',
    tests: [ARMING],
  },
  {
    name: 'approve: arms before the payee is on screen',
    file: APPROVE,
    search: '    const mayArm = (framed || !isFramed(this) || this.allowFramed) && this.payee.settled;',
    replace: '    const mayArm = framed || !isFramed(this) || this.allowFramed;',
    tests: ['test/elements/approve-payee.browser.test.ts'],
  },
  {
    name: 'approve: a press while arming approves',
    file: APPROVE,
    search:
      '    if (this.arming.armed && !this.wallet.pending && view === this.shown?.view && !this.approval) void this.sign(view);',
    replace: '    if (!this.wallet.pending && view === this.shown?.view && !this.approval) void this.sign(view);',
    tests: [ARMING],
  },
  {
    name: 'approve: a button drawn anew stays armed (no restart)',
    file: ARMING_CODE,
    search:
      '    if (this.watched && (this.watched.button !== button || this.watched.sessionId !== sessionId)) this.disarm();',
    replace: '',
    tests: [ARMING],
  },
  {
    name: 'approve: arms in a frame',
    file: APPROVE,
    search: '    const mayArm = (framed || !isFramed(this) || this.allowFramed) && this.payee.settled;',
    replace: '    const mayArm = this.payee.settled;',
    tests: [ARMING],
  },
  {
    name: 'approve: arms while see-through (visibility ignored)',
    file: ARMING_CODE,
    search:
      '            this.inView.set(target, full && !!(entry as IntersectionObserverEntry & { isVisible?: boolean }).isVisible);',
    replace: '            this.inView.set(target, full);',
    tests: [ARMING, 'test/host-elements/isolated-approval.browser.test.ts'],
  },
  {
    name: "approve: signs the host's object, not the checked copy",
    file: APPROVE,
    search: '    const sign = () => client.approveQuote(view.quote, { allowUnverifiedPayment: !view.verified });',
    replace: '    const sign = () => client.approveQuote(this.quote!, { allowUnverifiedPayment: !view.verified });',
    tests: [ARMING],
  },
  {
    name: 'session answers: a far expiry taken as given',
    file: 'src/client/session/session-manager.ts',
    search: '      expiresAt: Math.min(expiresAt, latest),',
    replace: '      expiresAt,',
    tests: [IDENTITY],
  },
  {
    name: "error text: a relay's sentence shown as the refused quote field",
    file: 'src/elements/strings/error-text.ts',
    search: "if (info.code === 'QUOTE_NOT_SIGNABLE' && info.field && /^[A-Za-z.[\\]0-9]{1,64}$/.test(info.field))",
    replace: "if (info.code === 'QUOTE_NOT_SIGNABLE' && info.field)",
    tests: ['test/elements/error-text.test.ts'],
  },
  {
    name: 'error text: a code named like a built-in member read through the prototype',
    file: 'src/elements/strings/error-text.ts',
    search: 'const known = Object.hasOwn(strings.errors, info.code)',
    replace: 'const known = info.code in strings.errors',
    tests: ['test/elements/error-text.test.ts'],
  },
  // The relay's own rules (src/relay).
  {
    name: 'relay: an inherited name passes as a body member',
    file: 'src/relay/body-members.ts',
    search: 'const extra = Object.keys(body).find((key) => !Object.hasOwn(members, key));',
    replace: 'const extra = Object.keys(body).find((key) => !(key in members));',
    tests: ['test/relay/body-members.node.test.ts'],
  },
  {
    name: "relay: a challenge's members not held to its credential's type",
    operation: 'auth.challenge',
    file: 'src/relay/create-relay.ts',
    search: 'if (owned.credential) checkBodyMembers(operation, body.json, owned.credential);',
    replace: '',
    tests: ['test/relay/body-members.node.test.ts'],
  },
  {
    name: 'relay: the fetch handler reads a body past maxBodyBytes',
    file: 'src/relay/request-shape.ts',
    search: 'const bytes = await request.body(maxBody);',
    replace: 'const bytes = await request.body(Infinity);',
    tests: ['test/relay/request-shape.node.test.ts', 'test/relay/fetch-handler-body-cap.node.test.ts'],
  },
  {
    name: 'relay: isolated mode takes sign-ins and signed requests from any origin',
    file: 'src/relay/frame-gate.ts',
    search: "    if (gated && request.header('origin') !== frameOrigin)",
    replace: '    if (gated && false)',
    tests: ['test/relay/frame-gate.node.test.ts'],
  },
  // Isolated mode's approval (src/frame-page, the frame's rule in arming.ts).
  {
    name: 'isolated: the frame arms Approve with only the button in view',
    file: ARMING_CODE,
    search: '    const card = rule.framed ? [...root.querySelectorAll<HTMLElement>(parts)] : [];',
    replace: '    const card: HTMLElement[] = [];',
    tests: ['test/host-elements/isolated-approval.browser.test.ts'],
  },
  {
    name: 'isolated: the frame draws a second approval the host sends',
    file: 'src/frame-page/children.ts',
    search: '    if (!surface || twice || this.#children.has(number)) return false;',
    replace: '    if (!surface || this.#children.has(number)) return false;',
    tests: ['test/host-elements/isolated-approval.browser.test.ts'],
  },
  {
    name: 'isolated: the frame says a payment settled on the host’s word alone',
    file: 'src/elements/approve-quote/receipt.ts',
    search: "  if ((status !== 'completed' && status !== 'failed') || (framed && !approval)) return undefined;",
    replace: "  if (status !== 'completed' && status !== 'failed') return undefined;",
    tests: ['test/host-elements/isolated-approval.browser.test.ts'],
  },
  {
    name: 'isolated: the frame takes a theme colour derived from another (the text’s own)',
    file: 'src/frame-page/theme-check.ts',
    search:
      "    if (!COLOR.test(value) || DERIVED.test(value) || !CSS.supports('color', value)) return 'is not a colour';",
    replace: "    if (!COLOR.test(value) || !CSS.supports('color', value)) return 'is not a colour';",
    tests: ['test/frame-page/theme-check.browser.test.ts'],
  },
  {
    name: 'isolated: the frame applies a low-contrast theme',
    file: 'src/frame-page/theme-check.ts',
    search: '    if (!low) continue;',
    replace: '    if (!low || low) continue;',
    tests: ['test/frame-page/theme-check.browser.test.ts', 'test/host-elements/isolated-theme.browser.test.ts'],
  },
  {
    name: 'isolated: the frame signs on a confirm from any window',
    file: 'src/frame-page/own-window.ts',
    search: '      if (event.source === popup && event.origin === origin) hear(event.data, settle);',
    replace: '      hear(event.data, settle);',
    tests: ['test/host-elements/isolated-approval-window.browser.test.ts'],
  },
  {
    name: 'isolated: the frame runs a passkey ceremony its iframe does not delegate',
    file: 'src/frame-page/passkey-window/open-ceremony.ts',
    search: '    if (mayRunHere(view.document, kind)) return undefined;',
    replace: '    return undefined;',
    tests: ['test/host-elements/isolated-passkey.browser.test.ts'],
  },
  {
    name: 'isolated: the passkey window runs its ceremony without the user’s press',
    file: 'src/frame-page/passkey-window/run-window.ts',
    search: "    if (message.t === 'ew-passkey-ceremony') return void (card.ceremony = message);",
    replace:
      "    if (message.t === 'ew-passkey-ceremony') return void ((card.ceremony = message), queueMicrotask(() => card.run()));",
    tests: ['test/host-elements/isolated-passkey.browser.test.ts'],
  },
  {
    name: 'isolated: closing the passkey window leaves the frame waiting',
    file: 'src/frame-page/own-window.ts',
    search: "    const poll = setInterval(() => popup.closed && settle(gone('closed')), CLOSED_POLL_MS);",
    replace: '    const poll = 0;',
    tests: ['test/host-elements/isolated-passkey.browser.test.ts'],
  },
  {
    name: 'isolated: the frame takes an OAuth answer made for another request',
    file: 'src/frame-page/oauth-window/open-oauth.ts',
    search: '        if (answer?.state !== state) return;',
    replace: '        if (!answer) return;',
    tests: ['test/frame-page/oauth-window.browser.test.ts'],
  },
  {
    name: 'isolated: frame.json takes an identity provider over plain http',
    file: 'src/frame-page/config.ts',
    search: "  const secure = url?.protocol === 'https:' || (url?.protocol === 'http:' && LOCAL.test(url.hostname));",
    replace: "  const secure = url?.protocol === 'https:' || url?.protocol === 'http:';",
    tests: ['test/frame-page/config.test.ts'],
  },
  {
    name: 'isolated: the passkey window takes a Continue pressed before it armed',
    file: 'src/frame-page/passkey-window/passkey-window.ts',
    search: '    if (this.armed && this.pressedAt >= this.armedAt) this.run();',
    replace: '    this.run();',
    tests: ['test/frame-page/passkey-window.browser.test.ts'],
  },
  {
    name: "isolated: the host takes any window's word that the frame is there",
    file: 'src/frame-link/handshake.ts',
    search:
      '    const here = event.source === frame.contentWindow && event.origin === frameOrigin && readHere(event.data);',
    replace: '    const here = readHere(event.data);',
    tests: ['test/frame-link/handshake.browser.test.ts'],
  },
  {
    name: 'isolated: a frame document that never says it is there is not said',
    file: 'src/frame-link/handshake.ts',
    search: '      if (!answered) onSilent(',
    replace: '      if (answered) onSilent(',
    tests: ['test/frame-link/handshake.browser.test.ts'],
  },
  {
    name: 'isolated: an element moved with moveBefore() drops its link',
    file: 'src/host-elements/framed-element.ts',
    search: '  connectedMoveCallback(): void {}\n',
    replace: '',
    tests: ['test/host-elements/isolated-wallet.browser.test.ts'],
  },
  {
    name: 'isolated: the host of a part may reveal the recovery phrase',
    file: 'src/frame-link/surface.ts',
    search: "  'ew-export-wallet': part(['hide-title'], ['ew-wallet-exported']),",
    replace: "  'ew-export-wallet': part(['hide-title'], ['ew-wallet-exported'], ['reveal']),",
    tests: ['test/host-elements/isolated-parts.browser.test.ts'],
  },
  {
    name: 'isolated: the confirmation window stays open for a quote no longer on screen',
    file: 'src/elements/approve-quote/approve-quote.ts',
    search: '      this.elsewhere.cancel();',
    replace: '',
    tests: ['test/host-elements/isolated-approval-window.browser.test.ts'],
  },
  {
    name: 'isolated: the confirmation window stays open after its approval left the page',
    file: 'src/elements/approve-quote/confirm-elsewhere.ts',
    search: '  hostDisconnected(): void {\n    this.cancel();',
    replace: '  hostDisconnected(): void {',
    tests: ['test/host-elements/isolated-approval-window.browser.test.ts'],
  },
  {
    name: 'isolated: the confirmation window’s Confirm takes a press begun before it armed',
    file: 'src/frame-page/approval-window/approval-window.ts',
    search:
      '    if (this.arming.armed && this.pressedAt > this.armedAt && !this.lost && this.msLeft > 0) this.answer(true);',
    replace: '    if (this.arming.armed && !this.lost && this.msLeft > 0) this.answer(true);',
    tests: ['test/frame-page/approval-window.browser.test.ts'],
  },
  {
    name: 'isolated: the confirmation window offers Confirm after the quote expired',
    file: 'src/frame-page/approval-window/approval-window.ts',
    search: '        this.msLeft <= 0',
    replace: '        false',
    tests: ['test/frame-page/approval-window.browser.test.ts'],
  },
  // The sandbox's rules (src/sandbox).
  {
    name: 'sandbox: the stand-in identity provider redirects anywhere',
    file: 'src/sandbox/oidc-stand-in.ts',
    search: '  if (!options.redirectOrigins.includes(redirect.origin) || redirect.hash)',
    replace: '  if (redirect.hash)',
    tests: ['test/sandbox/oidc-stand-in.node.test.ts'],
  },
  {
    name: 'sandbox: a cross-origin passkey ceremony is taken under any top-level page',
    file: 'src/sandbox/webauthn.ts',
    search: "  if (typeof top !== 'string' || !(ctx.config.webauthn.topOrigins ?? []).includes(top))",
    replace: "  if (typeof top !== 'string')",
    tests: ['test/sandbox/passkeys.node.test.ts'],
  },
  {
    name: 'sandbox: the OTP token no longer names the sealed session key',
    operation: 'auth.verify',
    file: 'src/sandbox/routes/credential-verify.ts',
    search: '...(clientPublicKey !== undefined ? { session_public_key: clientPublicKey } : {}),',
    replace: '',
    tests: [SANDBOX_BINDING],
  },
  {
    name: 'sandbox: no supersession (a withheld stamp redeemed later)',
    operation: 'wallet.privacy',
    file: 'src/sandbox/signed-request.ts',
    search: 'return newest !== undefined && newest.requestId !== pending.requestId;',
    replace: 'return false;',
    tests: [SANDBOX_BINDING],
  },
  {
    name: 'sandbox: a percent-escaped spelling of a path is another resource',
    file: 'src/sandbox/signed-request.ts',
    search: '    path = decodeURIComponent(path);',
    replace: '    void path;',
    tests: [SANDBOX_BINDING],
  },
  {
    name: 'sandbox: credential registrations of all wallets share one resource',
    file: 'src/sandbox/signed-request.ts',
    search: "return `${operation} ${JSON.stringify(request.body['accountId'])}`;",
    replace: 'return operation;',
    tests: [SANDBOX_BINDING],
  },
  {
    name: "sandbox: a stamp by another wallet's session accepted",
    file: 'src/sandbox/signed-request.ts',
    search: "  if (!session) throw invalid('The stamp key is not an active session of this wallet');",
    replace: '  if (!session) return undefined;',
    tests: [SANDBOX_BINDING],
  },
  {
    name: 'sandbox: a Request-Id redeemed on another path',
    file: 'src/sandbox/signed-request.ts',
    search: 'if (pending.operation !== operation || pending.body !== canonical(request.body)) {',
    replace: 'if (pending.body !== canonical(request.body)) {',
    tests: [SANDBOX_BINDING],
  },
  {
    name: 'sandbox: a session refreshed with another session of the wallet',
    operation: 'session.refresh',
    file: 'src/sandbox/signed-request.ts',
    search: '  if (rule.sessionId !== undefined && session.id !== rule.sessionId) {',
    replace: '  if (false) {',
    tests: [SANDBOX_BINDING],
  },
];

const ROOT = fileURLToPath(new URL('..', import.meta.url));
const FILE_TIMEOUT_MS = 180_000;

/** Runs a command in `cwd`; resolves with its exit code (a timeout counts as a failure). */
function run(command, args, cwd) {
  return new Promise((done) => {
    const child = spawn(command, args, { cwd, stdio: ['ignore', 'pipe', 'pipe'] });
    let output = '';
    child.stdout.on('data', (chunk) => (output += chunk));
    child.stderr.on('data', (chunk) => (output += chunk));
    const timer = setTimeout(() => child.kill('SIGKILL'), FILE_TIMEOUT_MS);
    child.on('close', (code, signal) => {
      clearTimeout(timer);
      done({ code: signal ? 124 : (code ?? 1), output });
    });
  });
}

/** A copy of the working tree (tracked and new files, not ignored ones) with node_modules linked. */
function copyWorkingTree() {
  const dir = mkdtempSync(join(tmpdir(), 'ew-mutate-'));
  const files = execFileSync('git', ['ls-files', '-z', '--cached', '--others', '--exclude-standard'], {
    cwd: ROOT,
    encoding: 'utf8',
  })
    .split('\0')
    .filter(Boolean);
  for (const file of files) {
    mkdirSync(dirname(join(dir, file)), { recursive: true });
    try {
      cpSync(join(ROOT, file), join(dir, file));
    } catch {
      // Deleted in the working tree but still in the index: nothing to copy.
    }
  }
  symlinkSync(join(ROOT, 'node_modules'), join(dir, 'node_modules'), 'dir');
  return dir;
}

/** The Node test files of a layer: what a mutant its own tests miss meets next. */
const LAYER_TESTS = {
  crypto: ['test/crypto'],
  relay: ['test/relay'],
  sandbox: ['test/sandbox'],
  client: [],
  elements: [],
};
// Shared suites (`*.test.ts` without `.browser`) run in Node as well as in the browsers: Node is
// the quicker judge, and its report of a failure cannot hang on a value it cannot serialise.
const isBrowserFile = (file) => file.endsWith('.browser.test.ts');

const nodeTestFiles = (dir, folders) =>
  folders
    .flatMap((folder) =>
      readdirSync(join(dir, folder))
        .filter(
          (name) => name.endsWith('.test.ts') && !name.endsWith('.browser.test.ts') && !name.endsWith('.page.test.ts'),
        )
        .map((name) => `${folder}/${name}`),
    )
    .sort();

const nodeTest = (file, cwd) => run(process.execPath, ['--import', 'tsx', '--test', '--test-reporter=spec', file], cwd);
// eslint-disable-next-line no-control-regex -- matching the escape byte is the point
const plain = (text) => text.replace(/\x1b\[[0-9;]*[A-Za-z]/g, '');
/** The first failed test a spec report names; undefined when none ran (a file that did not even load). */
const firstFailure = (output) => /^\s*✖ (.+?) \(\d[\d.]*m?s\)$/m.exec(plain(output))?.[1];
/** The first failed test web-test-runner names ("❌ suite > test"). */
const firstBrowserFailure = (output) => /❌ (.+)$/m.exec(plain(output))?.[1]?.trim();
/** Browser suites in Chromium (`WTR_ENGINE`, set in main): one web-test-runner run of `files`. */
const browserTests = (files, cwd) =>
  run(process.execPath, ['--import', 'tsx', 'node_modules/@web/test-runner/dist/bin.js', '--files', ...files], cwd);

/** Runs `files` (Node files one by one, browser files in one Chromium run); the first failure, or undefined. */
async function firstKill(files, dir) {
  const browser = files.filter(isBrowserFile);
  for (const file of files.filter((f) => !isBrowserFile(f))) {
    const { code, output } = await nodeTest(file, dir);
    if (code === 0) continue;
    if (code === 124) return { killer: `${file} (timeout)` };
    const failed = firstFailure(output);
    if (failed) return { killer: `${file}: "${failed}"` };
    return { broken: `${file} did not run: ${plain(output).trim().split('\n').slice(0, 3).join(' / ')}` };
  }
  if (browser.length) {
    const { code, output } = await browserTests(browser, dir);
    if (code !== 0) {
      const failed = firstBrowserFailure(output);
      return failed
        ? { killer: `Chromium: "${failed}"` }
        : { broken: `the browser suites did not run: ${plain(output).slice(-400)}` };
    }
  }
  return {};
}

async function main() {
  const args = process.argv.slice(2);
  const only = args.includes('--only') ? args[args.indexOf('--only') + 1] : undefined;
  const layer = args.includes('--layer') ? args[args.indexOf('--layer') + 1] : undefined;
  const mutants = MUTANTS.filter((m) => (!only || m.name.includes(only)) && (!layer || layerOf(m.file) === layer));
  process.env.WTR_ENGINE = 'chromium'; // the browser suites' kills are read in one engine

  const dir = copyWorkingTree();
  const cleanUp = () => rmSync(dir, { recursive: true, force: true });
  for (const signal of ['SIGINT', 'SIGTERM']) {
    process.on(signal, () => {
      cleanUp();
      process.exit(130);
    });
  }

  try {
    const layers = [...new Set(mutants.map((m) => layerOf(m.file)))];
    console.log(`mutate: ${mutants.length} mutants of ${layers.join(', ')}`);
    console.log(`  working copy: ${dir}`);
    // Unmutated, every test a mutant may meet must pass, or a "kill" would mean nothing.
    const named = [...new Set(mutants.flatMap((m) => m.tests))];
    const layerFiles = nodeTestFiles(dir, [...new Set(layers.flatMap((l) => LAYER_TESTS[l]))]);
    const baseline = await firstKill([...new Set([...named, ...layerFiles])], dir);
    if (baseline.killer || baseline.broken)
      throw new Error(`baseline fails without any mutant: ${baseline.killer ?? baseline.broken}`);
    console.log(`  baseline: ${named.length + layerFiles.length} test files pass unmutated\n`);

    const results = [];
    for (const mutant of mutants) {
      const path = join(dir, mutant.file);
      const original = readFileSync(path, 'utf8');
      const count = original.split(mutant.search).length - 1;
      if (count !== 1) throw new Error(`${mutant.name}: search string occurs ${count} times in ${mutant.file}`);
      writeFileSync(
        path,
        original.replace(mutant.search, () => mutant.replace),
      );
      const started = Date.now();
      let outcome;
      try {
        outcome = await firstKill(mutant.tests, dir);
        const rest = nodeTestFiles(dir, LAYER_TESTS[layerOf(mutant.file)]).filter((f) => !mutant.tests.includes(f));
        if (!outcome.killer && !outcome.broken && rest.length) outcome = await firstKill(rest, dir);
      } finally {
        writeFileSync(path, original);
      }
      const seconds = ((Date.now() - started) / 1000).toFixed(1);
      results.push({ mutant, killed: Boolean(outcome.killer) });
      if (outcome.killer) console.log(`  killed    ${mutant.name}\n            by ${outcome.killer} (${seconds} s)`);
      else
        console.log(
          `  ${outcome.broken ? 'INVALID ' : 'SURVIVED'}  ${mutant.name} (${seconds} s)\n            ${
            outcome.broken ??
            `no test failed: ${mutant.tests.join(', ')}${LAYER_TESTS[layerOf(mutant.file)].length ? ` and the ${layerOf(mutant.file)} Node tests` : ''} pass with it`
          }`,
        );
    }
    console.log('\nkill score per layer:');
    for (const name of LAYERS) {
      const mine = results.filter((r) => layerOf(r.mutant.file) === name);
      if (!mine.length) continue;
      const killed = mine.filter((r) => r.killed).length;
      console.log(
        `  ${name.padEnd(9)} ${String(killed).padStart(3)}/${String(mine.length).padEnd(3)} ${((100 * killed) / mine.length).toFixed(0)}%`,
      );
    }
    const survivors = results.filter((r) => !r.killed).map((r) => r.mutant.name);
    console.log(
      `\nmutate: ${results.length - survivors.length}/${results.length} mutants killed${survivors.length ? `, survived: ${survivors.join('; ')}` : ''}`,
    );
    process.exitCode = survivors.length ? 1 : 0;
  } finally {
    cleanUp();
  }
}

if (process.argv[1] && import.meta.url === pathToFileURL(resolve(process.argv[1])).href) {
  main().catch((error) => {
    console.error(`mutate: ${error.message}`);
    process.exitCode = 2;
  });
}
