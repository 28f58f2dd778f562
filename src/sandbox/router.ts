/** A tiny method + path router for the sandbox's handlers. */
import type { IncomingHttpHeaders } from 'node:http';
import { invalidInput } from './http-error.js';

export interface ApiRequest {
  method: string;
  /** Path below the version segment, e.g. `/auth/sessions`. */
  path: string;
  params: Record<string, string>;
  query: URLSearchParams;
  headers: IncomingHttpHeaders;
  /** Parsed JSON body ({} when there is none). */
  body: Record<string, unknown>;
}

export interface ApiResponse {
  status: number;
  body?: unknown;
  headers?: Record<string, string>;
}

export type Handler = (request: ApiRequest) => ApiResponse | Promise<ApiResponse>;

interface Route {
  method: string;
  pattern: RegExp;
  handler: Handler;
}

export class Router {
  private readonly routes: Route[] = [];

  /** Adds a route; `{name}` in the path captures one segment. First match wins. */
  on(method: string, path: string, handler: Handler): this {
    const source = path.replace(/\{(\w+)\}/g, '(?<$1>[^/]+)');
    this.routes.push({ method, pattern: new RegExp(`^${source}$`), handler });
    return this;
  }

  /** The matching handler and its path parameters, or why there is none. */
  match(method: string, path: string): { handler: Handler; params: Record<string, string> } | 'not-found' | 'method' {
    let pathMatched = false;
    for (const route of this.routes) {
      const m = route.pattern.exec(path);
      if (!m) continue;
      pathMatched = true;
      if (route.method === method) {
        const params = Object.fromEntries(Object.entries(m.groups ?? {}).map(([k, v]) => [k, decodeParam(k, v)]));
        return { handler: route.handler, params };
      }
    }
    return pathMatched ? 'method' : 'not-found';
  }
}

/** A path parameter, percent-decoded; a malformed escape (`%zz`, a cut UTF-8 sequence) is the client's error. */
function decodeParam(name: string, raw: string): string {
  try {
    return decodeURIComponent(raw);
  } catch {
    throw invalidInput(`The path parameter ${name} has a malformed % escape`);
  }
}
