// The partner backend on Express 5: the relay mounted before any body
// parser, the partner's own routes after, the pages served with a strict
// Content-Security-Policy, and the script-tag bundle served from the package.
import express from 'express';
import { toNodeHandler } from 'embedded-wallet-elements/relay';
import { BROWSER_FILES, PAGE_CSP, partnerRoutes } from './routes.js';
import { RELAY_PATH, walletRelay } from './relay.js';

export function expressApp({ service, partner, origin }) {
  const app = express();
  // First: the relay reads the raw request body itself.
  app.use(RELAY_PATH, toNodeHandler(walletRelay(service, partner, origin)));
  app.use(express.json());
  app.use((_req, res, next) => {
    res.set('content-security-policy', PAGE_CSP);
    res.set('x-frame-options', 'SAMEORIGIN');
    next();
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
