/** Whether `address` is this machine's loopback: 127.0.0.0/8 or ::1, IPv4-mapped forms included. */
export function isLoopbackAddress(address: string | undefined): boolean {
  if (!address) return false;
  const ipv4 = address.startsWith('::ffff:') ? address.slice(7) : address;
  return ipv4.startsWith('127.') || address === '::1';
}
