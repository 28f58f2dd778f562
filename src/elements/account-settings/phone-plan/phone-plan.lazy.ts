// Whether a number exists in its country's numbering plan (lengths, leading digits): libphonenumber-js
// with its smallest ("min") metadata. A lazy module of its own (load-phone-plan.ts), fetched when the
// phone form opens: the settings view itself does not carry the plans.
import { isValidPhoneNumber, validatePhoneNumberLength } from 'libphonenumber-js/core';
import metadata from 'libphonenumber-js/min/metadata';

/** `short` when digits are missing for the plan, `invalid` when no such number exists there; undefined when valid. */
export function planProblem(e164: string): 'short' | 'invalid' | undefined {
  if (isValidPhoneNumber(e164, metadata)) return undefined;
  return validatePhoneNumberLength(e164, metadata) === 'TOO_SHORT' ? 'short' : 'invalid';
}
