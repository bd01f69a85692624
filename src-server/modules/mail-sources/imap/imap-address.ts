/**
 * Where an IMAP source may connect (DESIGN.md §7): not to loopback, private, link-local, CGNAT or
 * unspecified addresses unless MAIL_ALLOW_PRIVATE_HOSTS=true, or "Verbinding testen" would let any
 * installer probe the network the server stands in. A name is resolved once, here, and the
 * connection goes to the address that was checked: a DNS answer that changes between the check and
 * the connect (rebinding) cannot slip through.
 */
import { lookup } from 'node:dns/promises';
import { BlockList, isIP } from 'node:net';
import { ImapSourceError } from './imap-fetch';

export const INTERNAL_HOST_MESSAGE = 'Deze IMAP-server staat op een intern of lokaal netwerkadres; dat is niet toegestaan.';

// IPv4-mapped IPv6 addresses (::ffff:10.0.0.1) are matched against the IPv4 subnets by BlockList itself.
const internal = new BlockList();
const IPV4 = [
  ['0.0.0.0', 8],
  ['10.0.0.0', 8],
  ['100.64.0.0', 10],
  ['127.0.0.0', 8],
  ['169.254.0.0', 16],
  ['172.16.0.0', 12],
  ['192.168.0.0', 16],
] as const;
const IPV6 = [
  ['::', 128],
  ['::1', 128],
  ['fc00::', 7],
  ['fe80::', 10],
] as const;
for (const [network, prefix] of IPV4) internal.addSubnet(network, prefix, 'ipv4');
for (const [network, prefix] of IPV6) internal.addSubnet(network, prefix, 'ipv6');

/** The bare address of an IP literal host (`[::1]` → `::1`), or null for a name. */
export function ipLiteral(host: string): string | null {
  const bare = host.replace(/^\[(.*)\]$/, '$1');
  return isIP(bare) ? bare : null;
}

export const isInternalAddress = (address: string) => internal.check(address, isIP(address) === 6 ? 'ipv6' : 'ipv4');

/** The checked address to connect to, and the name TLS should ask for and verify (none for an IP literal). */
export interface ImapTarget {
  address: string;
  servername: string | false;
}

/** Resolves `host` once; ImapSourceError when it is unknown, or internal while that is not allowed. */
export async function imapTarget(host: string, allowInternal: boolean): Promise<ImapTarget> {
  const literal = ipLiteral(host);
  let addresses = literal ? [literal] : [];
  if (!literal) {
    try {
      addresses = (await lookup(host, { all: true, verbatim: true })).map((a) => a.address);
    } catch {
      // ENOTFOUND and the like; an empty answer below says the same.
    }
    if (!addresses.length) throw new ImapSourceError(`De IMAP-server ${host} is onbekend (DNS).`);
  }
  // Every address must pass, not only the first: which one the connection would use is not ours to know.
  if (!allowInternal && addresses.some(isInternalAddress)) throw new ImapSourceError(INTERNAL_HOST_MESSAGE);
  return { address: addresses[0]!, servername: literal ? false : host };
}
