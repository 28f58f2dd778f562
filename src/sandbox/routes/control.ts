/**
 * Sandbox controls, outside the versioned API and never forwarded by the
 * relay: fault injection, the clock, and forcing a session to expire. The
 * demo server calls them for its QA scenario switches.
 */
import type { SandboxContext } from '../context.js';
import type { FaultKind, Faults } from '../faults.js';
import { invalidInput, notFound } from '../http-error.js';
import type { ApiResponse, Router } from '../router.js';

const KINDS: FaultKind[] = ['500', 'hang', 'drop'];

export function controlRoutes(router: Router, ctx: SandboxContext, faults: Faults): void {
  router.on('POST', '/faults', ({ body }) => {
    const { method, path, kind, count, skip, phase, hangMs } = body;
    if (typeof path !== 'string' || !path.startsWith('/'))
      throw invalidInput('path must start with / (end it with * for a prefix)');
    if (!KINDS.includes(kind as FaultKind)) throw invalidInput(`kind must be one of ${KINDS.join(', ')}`);
    if (method !== undefined && typeof method !== 'string') throw invalidInput('method must be a string');
    if (phase !== undefined && phase !== 'before' && phase !== 'after')
      throw invalidInput('phase must be before or after');
    for (const [name, value] of Object.entries({ count, skip, hangMs })) {
      if (value !== undefined && typeof value !== 'number') throw invalidInput(`${name} must be a number`);
    }
    return refusingRangeErrors(() => {
      faults.inject({
        path,
        kind: kind as FaultKind,
        ...(typeof method === 'string' ? { method: method.toUpperCase() } : {}),
        ...(typeof count === 'number' ? { count } : {}),
        ...(typeof skip === 'number' ? { skip } : {}),
        ...(phase === 'after' ? { phase } : {}),
        ...(typeof hangMs === 'number' ? { hangMs } : {}),
      });
      return { status: 204 };
    });
  });

  router.on('DELETE', '/faults', () => {
    faults.clear();
    return { status: 204 };
  });

  router.on('POST', '/clock/advance', ({ body }) => {
    const ms = body['ms'];
    if (typeof ms !== 'number') throw invalidInput('ms must be a number of milliseconds');
    return refusingRangeErrors(() => {
      ctx.clock.advance(ms);
      return { status: 200, body: { now: new Date(ctx.clock.now()).toISOString() } };
    });
  });

  router.on('POST', '/sessions/{id}/expire', ({ params }) => {
    const session = ctx.store.sessions.get(params['id']!);
    if (!session) throw notFound('SESSION_NOT_FOUND', 'Session');
    session.expiresAt = Math.min(session.expiresAt, ctx.clock.now());
    return { status: 204 };
  });

  router.on('GET', '/info', () => ({
    status: 200,
    body: {
      otpCode: ctx.config.otpCode,
      enclaveKeys: { otpTarget: ctx.keys.otpTarget.publicKeyHex, export: ctx.keys.export.publicKeyHex },
      now: new Date(ctx.clock.now()).toISOString(),
    },
  }));
}

/** Runs a control whose bounds the in-code API checks (RangeError): over HTTP they are the caller's 400. */
function refusingRangeErrors(run: () => ApiResponse): ApiResponse {
  try {
    return run();
  } catch (error) {
    if (error instanceof RangeError) throw invalidInput(error.message);
    throw error;
  }
}
