/**
 * Addresses the server must not be sent to by what a user types: loopback,
 * private, link-local, CGNAT, unspecified, multicast and reserved. IMAP sources and webhook targets
 * check the address they actually connect to against this one list.
 */
import { BlockList, isIP } from 'node:net';

// IPv4-mapped IPv6 addresses (::ffff:10.0.0.1, ::ffff:a00:1) are matched against the IPv4 subnets by BlockList itself.
const internal = new BlockList();
const IPV4 = [
  ['0.0.0.0', 8],
  ['10.0.0.0', 8],
  ['100.64.0.0', 10],
  ['127.0.0.0', 8],
  ['169.254.0.0', 16],
  ['172.16.0.0', 12],
  ['192.168.0.0', 16],
  ['224.0.0.0', 3],
] as const;
const IPV6 = [
  ['::', 127],
  ['fc00::', 7],
  ['fe80::', 10],
  ['ff00::', 8],
] as const;
for (const [network, prefix] of IPV4) internal.addSubnet(network, prefix, 'ipv4');
for (const [network, prefix] of IPV6) internal.addSubnet(network, prefix, 'ipv6');

/** Whether an address may not be connected to; what is not an IP address at all counts as internal. */
export function isInternalAddress(address: string): boolean {
  const family = isIP(address);
  if (family === 0) return true;
  return internal.check(address, family === 6 ? 'ipv6' : 'ipv4');
}
