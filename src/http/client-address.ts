/**
 * Who is asking, for throttles: the address of the connection, or, when that is a proxy the operator
 * trusts (TRUSTED_PROXIES: `loopback`, `uniquelocal`, addresses or CIDR ranges), the address that proxy
 * put in `X-Forwarded-For`, walking back from the right through trusted hops only (proxy-addr, the rule
 * Express uses). A header from an untrusted client is ignored, so it cannot choose its own address.
 */
import { IncomingMessage } from 'node:http';
import type { Context } from 'hono';
import proxyAddr from 'proxy-addr';

export type TrustedProxies = (address: string, hop: number) => boolean;

/** The operator's list compiled once; an empty list trusts no proxy. */
export const trustedProxies = (list: readonly string[]): TrustedProxies => proxyAddr.compile([...list]);

/** The client's address as far as the trusted proxies vouch for it; `unknown` off a socket (in-process tests). */
export function clientAddress(c: Context, trusted: TrustedProxies): string {
  const incoming: unknown = c.env?.incoming;
  return incoming instanceof IncomingMessage ? proxyAddr(incoming, trusted) : 'unknown';
}
