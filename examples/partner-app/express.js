// The partner backend on Express 5: the relay mounted before any body
// parser, the partner's own routes after, the pages served with a strict
// Content-Security-Policy, and the script-tag bundle served from the package.
import express from 'express';
import { toNodeHandler } from 'embedded-wallet-elements/relay';
import { BROWSER_FILES, FRAME_FILES } from './browser-files.js';
import { frameConfig, frameResponseHeaders, isolatedPage } from './frame.js';
import { PAGE_CSP, partnerRoutes } from './routes.js';
import { RELAY_PATH, walletRelay } from './relay.js';

export function expressApp({ service, partner, origin, frameOrigin }) {
  const app = express();
  // First: the relay reads the raw request body itself.
  app.use(RELAY_PATH, toNodeHandler(walletRelay(service, partner, origin)));
  app.use(express.json());
  app.use((_req, res, next) => {
    res.set('content-security-policy', PAGE_CSP);
    res.set('x-frame-options', 'SAMEORIGIN');
    next();
  });
  app.get('/isolated/', (_req, res) => {
    const { html, csp } = isolatedPage(frameOrigin);
    res.set('content-security-policy', csp).type('html').send(html);
  });
  app.use('/assets', express.static(BROWSER_FILES));
  app.use(express.static(new URL('./public', import.meta.url).pathname));
  for (const route of partnerRoutes({ service, partner })) {
    app[route.method.toLowerCase()](route.path, async (req, res) => {
      const { status, body, headers } = await route.handle({
        cookie: req.headers.cookie,
        body: req.body,
        query: req.query,
      });
      res
        .status(status)
        .set(headers ?? {})
        .json(body);
    });
  }
  return app;
}

/** The frame origin (frame.js): the relay, taking sign-ins from the frame only, then the frame page. */
export function expressFrameApp({ service, partner, origin, frameOrigin }) {
  const app = express();
  app.use(RELAY_PATH, toNodeHandler(walletRelay(service, partner, frameOrigin, { frameOrigin })));
  const headers = frameResponseHeaders(origin);
  app.use((_req, res, next) => {
    res.set(headers);
    next();
  });
  app.get('/frame.json', (_req, res) => res.json(frameConfig({ service, shopOrigin: origin })));
  app.use(express.static(FRAME_FILES));
  return app;
}
