/**
 * The header the relay puts on every answer, its own and the service's it
 * forwards. An answer at the wallet's `api-base` without it comes from some
 * other server (a single-page app's `index.html`, a framework's own 404): no
 * relay is mounted there, which the client says as `RELAY_NOT_FOUND`.
 */
export const RELAY_MARK = 'ew-relay';
