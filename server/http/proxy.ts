/**
 * The one proxy-trust decision. Behind Quire's own reverse proxy (TRUST_PROXY=1) the scheme and
 * the client's address arrive in X-Forwarded-Proto / X-Forwarded-For; without one, those headers
 * are whatever the client wrote and are ignored. Everything that depends on them — the session
 * cookie's Secure flag, the address rate limits count, the request URL of the WebSocket origin
 * check — asks here, for Hono requests and raw upgrade requests alike.
 */
import type { IncomingMessage } from 'node:http';
import { getConnInfo } from '@hono/node-server/conninfo';
import type { Context } from 'hono';

/** What the decision needs from a request, whichever server API it came through. */
export interface RequestFacts {
  header(name: string): string | undefined;
  /** The TCP peer; none for in-process test requests. */
  remoteAddress: string | undefined;
  /** The connection to this server is itself TLS. */
  tls: boolean;
}

export function honoRequestFacts(c: Context): RequestFacts {
  let remoteAddress: string | undefined;
  try {
    remoteAddress = getConnInfo(c).remote.address;
  } catch {
    remoteAddress = undefined; // app.request() in tests has no socket
  }
  return { header: (name) => c.req.header(name), remoteAddress, tls: new URL(c.req.url).protocol === 'https:' };
}

export function nodeRequestFacts(req: IncomingMessage): RequestFacts {
  return {
    header: (name) => {
      const value = req.headers[name.toLowerCase()];
      return Array.isArray(value) ? value.join(',') : value;
    },
    remoteAddress: req.socket.remoteAddress,
    tls: (req.socket as { encrypted?: boolean }).encrypted === true,
  };
}

/**
 * The entry our proxy added: proxies append to these lists, so anything to the left of the last
 * entry came from the client and could be forged.
 */
function lastForwarded(req: RequestFacts, name: string): string | undefined {
  const value = req.header(name)?.split(',').pop()?.trim();
  return value || undefined;
}

export function requestIsHttps(req: RequestFacts, trustProxy: boolean): boolean {
  if (req.tls) return true;
  return trustProxy && lastForwarded(req, 'x-forwarded-proto')?.toLowerCase() === 'https';
}

export function clientIp(req: RequestFacts, trustProxy: boolean): string {
  const forwarded = trustProxy ? lastForwarded(req, 'x-forwarded-for') : undefined;
  return (forwarded ?? req.remoteAddress ?? 'unknown').slice(0, 64);
}
