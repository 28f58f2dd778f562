/**
 * A compromised relay for browser tests: it forwards to the real relay at
 * /api and may rewrite requests on their way up, and answers or the
 * `payloadToSign` of 202 answers on their way down. It records what it sent.
 */
import { fetchTransport, type Transport, type WireRequest, type WireResponse } from '../../src/protocol/index.js';

export interface TamperingRelay {
  onRequest?: ((request: WireRequest) => WireRequest) | undefined;
  onPayload?: ((payload: string, request: WireRequest) => string) | undefined;
  onResponse?: ((response: WireResponse, request: WireRequest) => WireResponse) | undefined;
  sent: WireRequest[];
  /** The requests that carried a stamp. */
  signed(): WireRequest[];
  transport: Transport;
}

/** A relay that may rewrite requests on their way up, and answers or 202 payloads on their way down. */
export function tamperingRelay(): TamperingRelay {
  const inner = fetchTransport('/api');
  const sent: WireRequest[] = [];
  const relay: TamperingRelay = {
    sent,
    signed: () => sent.filter((r) => r.headers?.['Service-Wallet-Signature']),
    transport: async (original) => {
      const request = relay.onRequest ? relay.onRequest(original) : original;
      sent.push(request);
      const answer = await inner(request);
      const response: WireResponse = relay.onResponse ? relay.onResponse(answer, request) : answer;
      const body = response.body as { payloadToSign?: unknown } | undefined;
      if (response.status !== 202 || typeof body?.payloadToSign !== 'string' || !relay.onPayload) return response;
      return { ...response, body: { ...body, payloadToSign: relay.onPayload(body.payloadToSign, request) } };
    },
  };
  return relay;
}
