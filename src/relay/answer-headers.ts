/**
 * What every answer carries, the relay's own and the service's: a `Date`
 * (the service's clock: clients take every `Date` as the service's time, so
 * the relay's own answers must not show a second clock) and `nosniff`.
 */
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
  };
}
