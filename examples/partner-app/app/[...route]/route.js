// The partner's own routes (routes.js) as one Next.js route handler. Next serves
// the files of public/ and the more specific routes (the relay, /assets/) first.
import { apps } from '../../next-apps.js';
import { partnerRoutes } from '../../routes.js';

let routes;
async function handle(request) {
  routes ??= partnerRoutes(apps());
  const url = new URL(request.url);
  const route = routes.find((r) => r.method === request.method && r.path === url.pathname);
  if (!route) return Response.json({ message: 'Not found' }, { status: 404 });
  const body = request.method === 'POST' ? await request.json().catch(() => ({})) : undefined;
  const answer = await route.handle({
    cookie: request.headers.get('cookie') ?? undefined,
    body,
    query: Object.fromEntries(url.searchParams),
  });
  return Response.json(answer.body, { status: answer.status, headers: answer.headers });
}

export { handle as GET, handle as POST };
