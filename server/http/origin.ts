/**
 * Cross-site request refusal. hono/csrf only covers form posts, so every non-GET request (and
 * every WebSocket upgrade, through `isSameOrigin`) must say it comes from Quire's own origin:
 * `Sec-Fetch-Site: same-origin`, or an Origin header equal to the request's own origin.
 */
import type { Context, Next } from 'hono';
import type { AppEnv } from '../context';
import { forbidden } from './errors';

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

export function isSameOrigin(headers: { get(name: string): string | null | undefined }, requestUrl: string, publicUrl: string): boolean {
  const site = headers.get('sec-fetch-site');
  if (site && site !== 'same-origin') return false;
  const origin = headers.get('origin');
  if (!origin) return site === 'same-origin';
  const own = new URL(requestUrl).origin;
  return origin === own || origin === publicUrl;
}

export function sameOriginOnly(publicUrl: string) {
  return async (c: Context<AppEnv>, next: Next) => {
    // The scheme the browser used, which a trusted proxy reports (server/http/proxy.ts, set in app.ts).
    const url = c.get('https') ? c.req.url.replace(/^http:/, 'https:') : c.req.url;
    if (!SAFE_METHODS.has(c.req.method) && !isSameOrigin(c.req.raw.headers, url, publicUrl)) {
      throw forbidden('This request did not come from Quire.');
    }
    await next();
  };
}
