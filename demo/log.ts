/** The page's log: every `ew-*` event and relay call, secrets redacted; and the logged relay transport. */
import type * as Widget from '../src/index.js';
import type { WireRequest, WireResponse } from '../src/client/index.js';
import { $ } from './page.js';

const logList = $<HTMLOListElement>('#log');

const SECRET_KEYS = /signature|token|bundle|encrypted|mnemonic|otp/i;
function redact(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(redact);
  if (value && typeof value === 'object' && !(value instanceof Date)) {
    return Object.fromEntries(
      Object.entries(value).map(([k, v]) => [
        k,
        SECRET_KEYS.test(k) && typeof v === 'string' ? '[redacted]' : redact(v),
      ]),
    );
  }
  return value;
}

export function log(kind: string, text: string, detail?: unknown): void {
  const item = document.createElement('li');
  item.dataset['kind'] = kind;
  const time = new Date().toLocaleTimeString();
  item.textContent = `${time} ${kind} ${text}${detail === undefined ? '' : ` ${JSON.stringify(redact(detail))}`}`;
  logList.prepend(item);
}

/** The relay transport, logged, with the "tamper the next target bundle" switch. */
export function demoTransport(widget: typeof Widget) {
  // 8 s instead of the default 20 s, so the "times out" switch is quick to try.
  const inner = widget.fetchTransport('/api', { timeoutMs: 8_000 });
  return async (request: WireRequest): Promise<WireResponse> => {
    const started = performance.now();
    const path = request.path.split('?')[0]!;
    try {
      const response = await inner(request);
      log('relay', `${request.method} ${path} -> ${response.status} (${Math.round(performance.now() - started)} ms)`);
      const tamper = $<HTMLInputElement>('#tamper');
      const body = response.body as Record<string, unknown> | undefined;
      if (tamper.checked && typeof body?.['otpEncryptionTargetBundle'] === 'string') {
        tamper.checked = false;
        const bundle = body['otpEncryptionTargetBundle'];
        // One changed character inside the signed data: the widget must refuse the bundle.
        const i = Math.floor(bundle.length / 2);
        const flipped = bundle.slice(0, i) + (bundle[i] === 'a' ? 'b' : 'a') + bundle.slice(i + 1);
        log('qa', 'tampered the OTP target bundle');
        return { ...response, body: { ...body, otpEncryptionTargetBundle: flipped } };
      }
      return response;
    } catch (error) {
      log('relay', `${request.method} ${path} -> ${(error as { code?: string }).code ?? 'failed'}`);
      throw error;
    }
  };
}
