/** What every part of the demo page shares: its elements and the demo backend. */
import type { EwApproveQuote, EwWallet } from '../src/index.js';

export interface DemoConfig {
  enclaveKeys: { otpTarget: string; export: string };
  /** The wallet's frame page (isolated mode), on the demo's second origin. */
  frameUrl: string;
  otpCode: string;
  magicSuffixes: { suffix: string; outcome: string }[];
}

export const $ = <T extends Element>(selector: string) => document.querySelector<T>(selector)!;
export const wallet = $<EwWallet>('#wallet');
export const approve = $<EwApproveQuote>('#approve');
/** `?mode=isolated`: the wallet in a frame on another origin, through the host script (docs/isolated-mode.md). */
export const isolated = new URLSearchParams(location.search).get('mode') === 'isolated';

/** A call to the demo's stand-in partner backend (/demo-api), which holds the platform credentials. */
export async function api<T = Record<string, unknown>>(method: string, path: string, body?: unknown): Promise<T> {
  const response = await fetch(`/demo-api${path}`, {
    method,
    headers: { 'content-type': 'application/json' },
    ...(body !== undefined ? { body: JSON.stringify(body) } : {}),
  });
  const json = (await response.json()) as T & { message?: string };
  if (!response.ok) throw new Error(`${response.status}: ${json.message ?? 'failed'}`);
  return json;
}
