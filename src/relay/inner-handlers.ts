/**
 * What `toNodeHandler` learns of a fetch handler `createRelay` made: the
 * relay behind it, to call without building a `Request` and a `Response` per
 * call, and where it was told it is mounted.
 */
import type { Answer, Inbound } from './answer.js';

type FetchHandler = (request: Request) => Promise<Response>;

/** The relay behind each fetch handler `createRelay` made. */
export const innerHandlers = new WeakMap<FetchHandler, (inbound: Inbound) => Promise<Answer>>();

/** What `toNodeHandler` may check of the relay it mounts: where `createRelay` was told it is mounted. */
export const relayMounts = new WeakMap<FetchHandler, { basePath: string }>();
