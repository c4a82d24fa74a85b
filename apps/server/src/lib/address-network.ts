import { isIPv4, isIPv6 } from 'node:net';

/**
 * The network an address belongs to, never the address itself (issue 29: "approximate place
 * only as the address's network"): an IPv4 address's /24, an IPv6 address's /48, which is
 * what one home or office usually gets. Null for anything that is not an address.
 */
export function networkOf(address: string | null | undefined): string | null {
  if (!address) return null;
  const mapped = address.startsWith('::ffff:') ? address.slice('::ffff:'.length) : address;
  if (isIPv4(mapped)) return `${mapped.split('.').slice(0, 3).join('.')}.0/24`;
  if (!isIPv6(address)) return null;
  return `${expandIpv6(address).slice(0, 3).join(':')}::/48`;
}

/** The eight groups of an IPv6 address, `::` expanded, without leading zeros. */
function expandIpv6(address: string): string[] {
  const [head = '', tail] = address.split('::');
  const groupsOf = (part: string) => (part === '' ? [] : part.split(':'));
  const start = groupsOf(head);
  const end = tail === undefined ? [] : groupsOf(tail);
  const zeros = Array.from({ length: 8 - start.length - end.length }, () => '0');
  return [...start, ...zeros, ...end].map((group) => group.replace(/^0+(?=.)/, '').toLowerCase());
}
