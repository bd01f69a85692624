/**
 * Webhook targets on loopback, private or link-local addresses are refused (DESIGN.md §10) unless
 * allowed: a rule must not reach the server's own network. The check runs on the address actually
 * connected to, inside the socket's DNS lookup, so a name that resolves differently at send time
 * (DNS rebinding) is caught; an IP literal never goes through lookup and is checked up front.
 */
import { lookup as dnsLookup, type LookupAddress } from 'node:dns';
import { BlockList, isIP, type LookupFunction } from 'node:net';

const blocked = new BlockList();
for (const [network, prefix] of [
  ['0.0.0.0', 8],
  ['10.0.0.0', 8],
  ['100.64.0.0', 10],
  ['127.0.0.0', 8],
  ['169.254.0.0', 16],
  ['172.16.0.0', 12],
  ['192.168.0.0', 16],
  ['224.0.0.0', 3],
] as const)
  blocked.addSubnet(network, prefix, 'ipv4');
for (const [network, prefix] of [
  ['::', 127],
  ['fc00::', 7],
  ['fe80::', 10],
  ['ff00::', 8],
] as const)
  blocked.addSubnet(network, prefix, 'ipv6');

export const PRIVATE_TARGET = 'Dit adres ligt in een privé-, loopback- of link-local-netwerk; zulke doelen zijn niet toegestaan.';

export function isPrivateAddress(address: string): boolean {
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(address);
  if (mapped) return isPrivateAddress(mapped[1]!);
  const family = isIP(address);
  if (family === 0) return true;
  return blocked.check(address, family === 4 ? 'ipv4' : 'ipv6');
}

class PrivateTargetError extends Error {
  code = 'EPRIVATETARGET';
  constructor() {
    super(PRIVATE_TARGET);
  }
}

/** A `lookup` for http(s).request that refuses private answers; Host and SNI stay the name. */
export const publicOnlyLookup: LookupFunction = (hostname, options, callback) => {
  dnsLookup(hostname, { ...options, all: true }, (error, addresses: LookupAddress[]) => {
    if (error) return callback(error, '', 0);
    const allowed = addresses.filter((a) => !isPrivateAddress(a.address));
    if (allowed.length === 0) return callback(new PrivateTargetError(), '', 0);
    if (options.all) return (callback as unknown as (e: null, a: LookupAddress[]) => void)(null, allowed);
    callback(null, allowed[0]!.address, allowed[0]!.family);
  });
};
