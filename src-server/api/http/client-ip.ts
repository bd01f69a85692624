/**
 * Who is asking, for the sign-in limits and the logs: the socket's address, or behind
 * `TRUST_PROXY` reverse proxies the address the outermost of them saw (from `X-Forwarded-For`,
 * counted from the right: entries further left are whatever the client chose to send).
 */
import { isIP } from 'node:net';
import type { Context } from 'hono';

const socketAddress = (c: Context): string =>
  (c.env as { incoming?: { socket?: { remoteAddress?: string } } } | undefined)?.incoming?.socket?.remoteAddress ?? 'unknown';

/** `trustedProxies`: how many proxies in front of the product add themselves to X-Forwarded-For (0: none, the header is ignored). */
export function clientIpResolver(trustedProxies: number): (c: Context) => string {
  if (trustedProxies <= 0) return socketAddress;
  return (c) => {
    const hops = (c.req.header('x-forwarded-for') ?? '')
      .split(',')
      .map((hop) => hop.trim())
      .filter(Boolean);
    const client = hops[Math.max(0, hops.length - trustedProxies)];
    return client && isIP(client) ? client : socketAddress(c);
  };
}
