/**
 * What every answer carries, the relay's own and the service's: a `Date`
 * (the service's clock: clients take every `Date` as the service's time, so
 * the relay's own answers must not show a second clock), `nosniff`, and the
 * relay's mark (src/protocol/relay-mark.ts), which tells the widget a relay answered.
 */
import { RELAY_MARK } from '../protocol/relay-mark.js';
import type { Answer } from './answer.js';

/** Stamps an answer; `serviceNow` is the service's clock as the relay knows it. */
export function createAnswerHeaders(serviceNow: () => number): (answer: Answer) => void {
  // Formatted once a second.
  let dateSecond = NaN;
  let dateText = '';
  const httpDate = () => {
    const now = serviceNow();
    if (Math.floor(now / 1000) !== dateSecond) {
      dateSecond = Math.floor(now / 1000);
      dateText = new Date(now).toUTCString();
    }
    return dateText;
  };
  return (answer) => {
    answer.headers['date'] ??= httpDate();
    answer.headers['x-content-type-options'] = 'nosniff';
    answer.headers[RELAY_MARK] = '1';
  };
}
