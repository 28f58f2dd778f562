import { visibleLabel } from './format.js';

/**
 * Where a code went, masked for display: `j***@example.com`, `+1 *** ** 23`.
 * The relay hands this text over, so bidi and invisible characters are shown as marks.
 */
export function maskDestination(destination: string): string {
  const at = destination.indexOf('@');
  if (at > 0) return visibleLabel(`${destination[0]}***${destination.slice(at)}`);
  const digits = destination.replace(/\D/g, '');
  if (digits.length >= 4) {
    const country = destination.startsWith('+')
      ? `+${digits.slice(0, digits.length > 10 ? digits.length - 10 : 1)} `
      : '';
    return `${country}*** ** ${digits.slice(-2)}`;
  }
  return '***';
}
