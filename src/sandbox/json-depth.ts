/**
 * Nesting depth of JSON text, found with one linear scan and no recursion, so
 * a body of 20,000 brackets is refused before anything recursive (the
 * signed-retry canonical form, JSON.stringify) can overflow the stack.
 */

/** The sandbox's limit: far above any request the service defines (they nest 4 or 5 deep). */
export const MAX_JSON_DEPTH = 64;

/** True when `text` opens more than `max` arrays or objects inside one another (brackets in strings do not count). */
export function jsonDepthExceeds(text: string, max: number): boolean {
  let depth = 0;
  let inString = false;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (inString) {
      if (c === 0x5c)
        i++; // a backslash escapes the next character, a quote included
      else if (c === 0x22) inString = false;
    } else if (c === 0x22) {
      inString = true;
    } else if (c === 0x5b || c === 0x7b) {
      if (++depth > max) return true;
    } else if (c === 0x5d || c === 0x7d) {
      depth--;
    }
  }
  return false;
}
