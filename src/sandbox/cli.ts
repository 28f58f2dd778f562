/**
 * `npm run sandbox`: starts the sandbox in the foreground and prints what a
 * client needs: its URL, the platform credentials and the enclave keys to pin.
 * Flags: --port N, --rp-id ID, --origin URL (repeatable).
 */
import { parseArgs } from 'node:util';
import { startSandbox } from './index.js';

const { values } = parseArgs({
  options: {
    port: { type: 'string', default: '8790' },
    'rp-id': { type: 'string', default: 'localhost' },
    origin: { type: 'string', multiple: true },
  },
});

const sandbox = await startSandbox({
  port: Number(values.port),
  keepAlive: true,
  webauthn: { rpId: values['rp-id'], origins: values.origin ?? ['http://localhost:5173', 'http://127.0.0.1:5173'] },
  log: (line) => console.error(line),
});
console.log(`Sandbox listening on ${sandbox.url}
  service base URL:      ${sandbox.baseUrl}
  platform credentials:  ${sandbox.credentials.username}:${sandbox.credentials.password}
  enclave keys to pin:
    OTP target bundles:  ${sandbox.enclaveKeys.otpTarget}
    export bundles:      ${sandbox.enclaveKeys.export}
  OTP code:              000000
Ctrl-C stops it.`);
const stop = () => void sandbox.close().then(() => process.exit(0));
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
