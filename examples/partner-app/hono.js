// The partner backend on Hono: the relay is a fetch handler, as in Next.js
// route handlers and serverless functions (`(Request) => Promise<Response>`),
// so it takes the request as it is; the partner's routes and pages as in
// express.js.
import { Hono } from 'hono';
import { serveStatic } from '@hono/node-server/serve-static';
import { relative } from 'node:path';
import { BROWSER_FILES, FRAME_FILES } from './browser-files.js';
import { frameConfig, frameResponseHeaders, isolatedPage } from './frame.js';
import { PAGE_CSP, partnerRoutes } from './routes.js';
import { RELAY_PATH, walletRelay } from './relay.js';

export function honoApp({ service, partner, origin, frameOrigin }) {
  const relay = walletRelay(service, partner, origin);
  const app = new Hono();
  app.all(`${RELAY_PATH}/*`, (c) => relay(c.req.raw));
  app.get('/isolated/', (c) => {
    const { html, csp } = isolatedPage(frameOrigin);
    return c.html(html, 200, { 'content-security-policy': csp, 'x-frame-options': 'SAMEORIGIN' });
  });
  app.use('*', async (c, next) => {
    await next();
    c.header('content-security-policy', PAGE_CSP);
    c.header('x-frame-options', 'SAMEORIGIN');
  });
  app.use(
    '/assets/*',
    serveStatic({
      root: relative(process.cwd(), BROWSER_FILES),
      rewriteRequestPath: (path) => path.replace(/^\/assets/, ''),
    }),
  );
  for (const route of partnerRoutes({ service, partner })) {
    app.on(route.method, route.path, async (c) => {
      const body = route.method === 'POST' ? await c.req.json().catch(() => ({})) : undefined;
      const {
        status,
        body: answer,
        headers,
      } = await route.handle({ cookie: c.req.header('cookie'), body, query: c.req.query() });
      for (const [name, value] of Object.entries(headers ?? {})) c.header(name, value);
      return c.json(answer, status);
    });
  }
  app.use('/*', serveStatic({ root: relative(process.cwd(), new URL('./public', import.meta.url).pathname) }));
  return app;
}

/** The frame origin (frame.js): the relay, taking sign-ins from the frame only, then the frame page. */
export function honoFrameApp({ service, partner, origin, frameOrigin }) {
  const relay = walletRelay(service, partner, frameOrigin, { frameOrigin });
  const headers = frameResponseHeaders(origin);
  const app = new Hono();
  app.all(`${RELAY_PATH}/*`, (c) => relay(c.req.raw));
  app.use('*', async (c, next) => {
    await next();
    for (const [name, value] of Object.entries(headers)) c.header(name, value);
  });
  app.get('/frame.json', (c) => c.json(frameConfig({ service, shopOrigin: origin })));
  app.use('/*', serveStatic({ root: relative(process.cwd(), FRAME_FILES) }));
  return app;
}
