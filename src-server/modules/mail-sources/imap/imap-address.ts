/**
 * Where an IMAP source may connect: not to loopback, private, link-local, CGNAT or
 * unspecified addresses unless MAIL_ALLOW_PRIVATE_HOSTS=true, or "Verbinding testen" would let any
 * installer probe the network the server stands in. A name is resolved once, here, and the
 * connection goes to the address that was checked: a DNS answer that changes between the check and
 * the connect (rebinding) cannot slip through.
 */
import { lookup } from 'node:dns/promises';
import { isIP } from 'node:net';
import { isInternalAddress } from '../../../platform/internal-address';
import { ImapSourceError } from './imap-error';

export const INTERNAL_HOST_MESSAGE = 'Deze IMAP-server staat op een intern of lokaal netwerkadres; dat is niet toegestaan.';

/** The bare address of an IP literal host (`[::1]` → `::1`), or null for a name. */
export function ipLiteral(host: string): string | null {
  const bare = host.replace(/^\[(.*)\]$/, '$1');
  return isIP(bare) ? bare : null;
}

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
