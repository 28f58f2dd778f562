// The relay as a Next.js route handler: a fetch handler, given the request as it
// came (no `request.json()` before it: the relay reads the body itself).
import { apps } from '../../../../next-apps.js';
import { walletRelay } from '../../../../relay.js';

let relay;
const handle = (request) => {
  const { service, partner, origin } = apps();
  relay ??= walletRelay(service, partner, origin);
  return relay(request);
};

export { handle as GET, handle as POST, handle as PATCH, handle as DELETE, handle as OPTIONS };
