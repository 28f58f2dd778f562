// What server.js started (the service, the shop's users, the origins), handed to
// the Next.js route handlers in app/: Next builds those apart from server.js, so
// they find it on globalThis. An app that reads its service from the environment
// creates its relay in its route file instead, on the first request (docs/relay.md,
// "Next.js").
const KEY = Symbol.for('partner-app');

export const provideApps = (apps) => {
  globalThis[KEY] = apps;
};

export const apps = () => globalThis[KEY];
