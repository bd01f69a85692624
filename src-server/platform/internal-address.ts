/**
 * Addresses the server must not be sent to by what a user types: loopback,
 * private, link-local, CGNAT, benchmarking, unspecified, multicast and reserved, the IPv6 forms
 * that carry an IPv4 address to somewhere else (NAT64, 6to4, IPv4-compatible), and every address
 * of this machine's own interfaces (a public one too: it still reaches the server's own ports).
 * IMAP sources and webhook targets check the address they actually connect to against this one list.
 */
import { BlockList, isIP } from 'node:net';
import { networkInterfaces } from 'node:os';

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
  ['198.18.0.0', 15],
  ['224.0.0.0', 3],
] as const;
const IPV6 = [
  // IPv4-compatible (::a.b.c.d), the unspecified address and loopback among them
  ['::', 96],
  // NAT64, well-known and local-use prefixes: the IPv4 address inside is reached through a translator
  ['64:ff9b::', 96],
  ['64:ff9b:1::', 48],
  // 6to4
  ['2002::', 16],
  ['fc00::', 7],
  ['fe80::', 10],
  ['ff00::', 8],
] as const;
for (const [network, prefix] of IPV4) internal.addSubnet(network, prefix, 'ipv4');
for (const [network, prefix] of IPV6) internal.addSubnet(network, prefix, 'ipv6');

/** This machine's own addresses, read at each check: interfaces come and go while the server runs. */
function isOwnAddress(address: string, type: 'ipv4' | 'ipv6') {
  const own = new BlockList();
  for (const list of Object.values(networkInterfaces()))
    for (const i of list ?? []) own.addAddress(i.address, i.family === 'IPv6' || (i.family as unknown) === 6 ? 'ipv6' : 'ipv4');
  return own.check(address, type);
}

/** Whether an address may not be connected to; what is not an IP address at all counts as internal. */
export function isInternalAddress(address: string): boolean {
  const family = isIP(address);
  if (family === 0) return true;
  const type = family === 6 ? 'ipv6' : 'ipv4';
  return internal.check(address, type) || isOwnAddress(address, type);
}
