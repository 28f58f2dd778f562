/**
 * The sandbox's magic suffix (docs/sandbox.md, "Rules it reproduces"): the last three digits of an external
 * account's primary identifier (account number, IBAN, CLABE, PIX key...)
 * select the scenario. For an identifier with a domain part (a PIX email key)
 * the digits are those just before the at-sign. Spaces and dashes, as people
 * write IBANs and phone keys, are ignored.
 */

/** The three-digit suffix of `identifier`, or undefined when it does not end in three digits. */
export function magicSuffix(identifier: string): string | undefined {
  const at = identifier.lastIndexOf('@');
  const local = (at >= 0 ? identifier.slice(0, at) : identifier).replace(/[\s-]/g, '');
  return /(\d{3})$/.exec(local)?.[1];
}
