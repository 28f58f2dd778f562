/**
 * The whole address in groups of four for reading (`0x12Ab 9f3C …`): a short
 * form (`0x12ab…9f3c`) lets a look-alike with the same ends pass. Copy and the
 * QR code give the address itself.
 */
export function groupedAddress(address: string): string {
  const prefix = address.startsWith('0x') ? '0x' : '';
  const groups = address.slice(prefix.length).match(/.{1,4}/g) ?? [];
  return `${prefix}${groups.join(' ')}`;
}
