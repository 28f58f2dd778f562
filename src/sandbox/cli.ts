/**
 * The sandbox on the command line (`npx embedded-wallet-sandbox`, or
 * `npm run sandbox` here): starts it in the foreground and prints what a
 * client needs: its URL, the platform credentials and the enclave keys to pin.
 */
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { startSandbox } from './index.js';

/** The guide as installed with the package (docs/ ships in it), or in this checkout. A path built by hand: a bundler would inline a `new URL(…, import.meta.url)`. */
const PARTNER_GUIDE = join(dirname(fileURLToPath(import.meta.url)), '..', '..', 'docs', 'partner-guide.md');

const USAGE = `Usage: embedded-wallet-sandbox [--port N] [--rp-id ID] [--origin URL]...
  --port N      port on 127.0.0.1 (default 8790; 0 picks a free one)
  --rp-id ID    the passkey relying party id (default localhost)
  --origin URL  a page origin passkeys are made on (repeatable; default http://localhost:5173)
Through npm, put -- before the flags: npm run sandbox -- --port 9000`;

function options() {
  try {
    const { values, positionals } = parseArgs({
      options: {
        port: { type: 'string', default: '8790' },
        'rp-id': { type: 'string', default: 'localhost' },
        origin: { type: 'string', multiple: true },
        help: { type: 'boolean', short: 'h' },
      },
      allowPositionals: true,
    });
    if (values.help) {
      console.log(USAGE);
      process.exit(0);
    }
    // `npm run sandbox --port 9000` (no `--`) reaches us as npm_config_port=true and a bare "9000".
    const swallowed = process.env['npm_config_port'] === 'true' && positionals.length === 1;
    if (positionals.length > 0 && !swallowed) throw new Error(`unexpected argument ${positionals[0]}`);
    const given = swallowed ? positionals[0]! : values.port;
    const port = Number(given);
    if (!/^\d{1,5}$/.test(given) || port > 65_535) throw new Error(`--port must be 0 to 65535, not "${given}"`);
    return { port, rpId: values['rp-id'], origins: values.origin };
  } catch (error) {
    console.error(`${(error as Error).message}\n\n${USAGE}`);
    process.exit(2);
  }
}

const { port, rpId, origins } = options();
const sandbox = await startSandbox({
  port,
  keepAlive: true,
  webauthn: { rpId, origins: origins ?? ['http://localhost:5173', 'http://127.0.0.1:5173'] },
  log: (line) => console.error(line),
});
console.log(`Sandbox listening on ${sandbox.url}
  service base URL:      ${sandbox.baseUrl}
  platform credentials:  ${sandbox.credentials.username}:${sandbox.credentials.password}
  enclave keys to pin:
    OTP target bundles:  ${sandbox.enclaveKeys.otpTarget}
    export bundles:      ${sandbox.enclaveKeys.export}
  OTP code:              000000
For the partner guide's app (${PARTNER_GUIDE}), in its shell:
  export SERVICE_URL=${sandbox.baseUrl} API_TOKEN_ID=${sandbox.credentials.username} API_CLIENT_SECRET=${sandbox.credentials.password} OTP_TARGET_KEY=${sandbox.enclaveKeys.otpTarget} EXPORT_KEY=${sandbox.enclaveKeys.export} SANDBOX=1
Ctrl-C stops it.`);
const stop = () => void sandbox.close().then(() => process.exit(0));
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
