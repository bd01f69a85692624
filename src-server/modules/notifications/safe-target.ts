/**
 * Webhook targets on loopback, private or link-local addresses are refused unless
 * allowed: a rule must not reach the server's own network. The check runs on the address actually
 * connected to, inside the socket's DNS lookup, so a name that resolves differently at send time
 * (DNS rebinding) is caught; an IP literal never goes through lookup and is checked up front.
 */
import { lookup as dnsLookup, type LookupAddress } from 'node:dns';
import type { LookupFunction } from 'node:net';
import { isInternalAddress } from '../../platform/internal-address';

export const PRIVATE_TARGET = 'Dit adres ligt in een privé-, loopback- of link-local-netwerk; zulke doelen zijn niet toegestaan.';

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
    const allowed = addresses.filter((a) => !isInternalAddress(a.address));
    if (allowed.length === 0) return callback(new PrivateTargetError(), '', 0);
    if (options.all) return (callback as unknown as (e: null, a: LookupAddress[]) => void)(null, allowed);
    callback(null, allowed[0]!.address, allowed[0]!.family);
  });
};
