// The partner backend on Fastify 5. Fastify parses JSON bodies itself, and the
// relay must read each body as it came: its routes live in a plugin where no
// content-type parser runs, and take over the reply. The partner's routes and
// pages as in express.js.
import Fastify from 'fastify';
import fastifyStatic from '@fastify/static';
import { toNodeHandler } from 'embedded-wallet-elements/relay';
import { BROWSER_FILES, FRAME_FILES } from './browser-files.js';
import { frameConfig, frameResponseHeaders, isolatedPage } from './frame.js';
import { PAGE_CSP, partnerRoutes } from './routes.js';
import { RELAY_PATH, walletRelay } from './relay.js';

/** The relay's routes, in a plugin of their own: Fastify leaves their bodies unread for the relay. */
function relayRoutes(relay) {
  const handler = toNodeHandler(relay);
  return async (scope) => {
    scope.removeAllContentTypeParsers();
    scope.addContentTypeParser('*', (_request, _payload, done) => done(null));
    scope.all(`${RELAY_PATH}/*`, (request, reply) => {
      reply.hijack(); // the relay writes the answer itself
      return handler(request.raw, reply.raw);
    });
  };
}

/** Sets `headers` on every answer of `app`, the relay's included. */
const withHeaders = (app, headers) =>
  app.addHook('onRequest', async (_request, reply) => {
    for (const [name, value] of Object.entries(headers)) reply.raw.setHeader(name, value);
  });

export async function fastifyApp({ service, partner, origin, frameOrigin }) {
  const app = Fastify();
  withHeaders(app, { 'content-security-policy': PAGE_CSP, 'x-frame-options': 'SAMEORIGIN' });
  await app.register(relayRoutes(walletRelay(service, partner, origin)));
  app.get('/isolated/', (_request, reply) => {
    const { html, csp } = isolatedPage(frameOrigin);
    reply.raw.setHeader('content-security-policy', csp);
    return reply.type('text/html').send(html);
  });
  await app.register(fastifyStatic, { root: BROWSER_FILES, prefix: '/assets/' });
  await app.register(fastifyStatic, {
    root: new URL('./public', import.meta.url).pathname,
    decorateReply: false,
  });
  for (const route of partnerRoutes({ service, partner })) {
    app.route({
      method: route.method,
      url: route.path,
      handler: async (request, reply) => {
        const { status, body, headers } = await route.handle({
          cookie: request.headers.cookie,
          body: request.body,
          query: request.query,
        });
        return reply
          .code(status)
          .headers(headers ?? {})
          .send(body);
      },
    });
  }
  await app.ready();
  return app;
}

/** The frame origin (frame.js): the relay, taking sign-ins from the frame only, then the frame page. */
export async function fastifyFrameApp({ service, partner, origin, frameOrigin }) {
  const app = Fastify();
  withHeaders(app, frameResponseHeaders(origin));
  await app.register(relayRoutes(walletRelay(service, partner, frameOrigin, { frameOrigin })));
  app.get('/frame.json', () => frameConfig({ service, shopOrigin: origin }));
  await app.register(fastifyStatic, { root: FRAME_FILES });
  await app.ready();
  return app;
}
