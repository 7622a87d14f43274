/**
 * An API token's address allow-list (decision 0138): each entry an IPv4 or IPv6 address, or a CIDR range of
 * either. Pure parsing, so the panel's form and the server refuse the same entries; the server matches a
 * request's address against the parsed rules (net.BlockList).
 */
export interface AddressRule {
  family: 4 | 6;
  /** The address as written (a range's first part), without the prefix. */
  address: string;
  /** Bits of the prefix: 32 or 128 for a single address. */
  prefix: number;
}

const IPV4_OCTET = /^(25[0-5]|2[0-4]\d|1\d\d|[1-9]?\d)$/;

export function isIpv4(text: string): boolean {
  const parts = text.split('.');
  return parts.length === 4 && parts.every((part) => IPV4_OCTET.test(part));
}

const HEX_GROUP = /^[0-9a-f]{1,4}$/i;

/** Groups of an IPv6 address side of '::', the last one possibly an embedded IPv4 (two groups). */
function groupCount(side: string, isLastSide: boolean): number | null {
  if (side === '') return 0;
  const groups = side.split(':');
  let count = 0;
  for (const [index, group] of groups.entries()) {
    if (HEX_GROUP.test(group)) count += 1;
    else if (isLastSide && index === groups.length - 1 && isIpv4(group)) count += 2;
    else return null;
  }
  return count;
}

export function isIpv6(text: string): boolean {
  const halves = text.split('::');
  if (halves.length > 2) return false;
  if (halves.length === 1) return groupCount(text, true) === 8;
  const head = groupCount(halves[0] ?? '', false);
  const tail = groupCount(halves[1] ?? '', true);
  return head !== null && tail !== null && head + tail <= 7;
}

/** One entry of the allow-list ('203.0.113.7', '203.0.113.0/24', '2001:db8::/32'), or null when it is none. */
export function parseAddressRule(text: string): AddressRule | null {
  const [address = '', prefixText, ...rest] = text.trim().split('/');
  if (rest.length > 0) return null;
  const family = isIpv4(address) ? 4 : isIpv6(address) ? 6 : null;
  if (!family) return null;
  const maxPrefix = family === 4 ? 32 : 128;
  if (prefixText === undefined) return { family, address, prefix: maxPrefix };
  if (!/^\d{1,3}$/.test(prefixText)) return null;
  const prefix = Number(prefixText);
  return prefix <= maxPrefix ? { family, address, prefix } : null;
}
