/**
 * Security headers on every response: HTML, assets, the service worker and the API. The CSP
 * allows scripts from Quire's own origin only, plus the inline scripts of the very HTML being
 * served (the theme bootstrap in index.html), by hash: hashing the document as it leaves means
 * a rebuilt index.html can never be served with stale hashes, and the service worker's
 * precached copy carries the hashes of its own bytes. Responses that set their own policy (file
 * content: `default-src 'none'; sandbox`) keep it.
 */
import { createHash } from 'node:crypto';
import type { MiddlewareHandler } from 'hono';

/** Inline `<script>` bodies (no src; data blocks such as the boot JSON do not run, so need no hash), hashed the way CSP matches them: exact text, UTF-8, SHA-256. */
export function inlineScriptHashes(html: string): string[] {
  const hashes: string[] = [];
  for (const [, attributes, body] of html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script\s*>/gi)) {
    if (/\bsrc\s*=|\btype\s*=\s*["']?application\/json/i.test(attributes!) || !body) continue;
    hashes.push(`'sha256-${createHash('sha256').update(body, 'utf8').digest('base64')}'`);
  }
  return hashes;
}

function contentSecurityPolicy(publicUrl: string, scriptHashes: string[] = []): string {
  const socketOrigin = new URL(publicUrl).origin.replace(/^http/, 'ws'); // /collab
  return [
    "default-src 'self'",
    `script-src ${["'self'", ...scriptHashes].join(' ')}`,
    // React style props, sanitised book XHTML with style attributes, Paged.js's <style> elements.
    "style-src 'self' 'unsafe-inline'",
    // Avatars are https links people choose (settings/profile-form); book images are Quire's own.
    "img-src 'self' data: blob: https:",
    "font-src 'self' data:",
    `connect-src 'self' ${socketOrigin}`,
    "worker-src 'self'",
    "object-src 'none'",
    "base-uri 'self'",
    "form-action 'self'",
    "frame-ancestors 'none'",
  ].join('; ');
}

const PERMISSIONS_POLICY = ['accelerometer', 'camera', 'geolocation', 'gyroscope', 'magnetometer', 'microphone', 'payment', 'usb']
  .map((feature) => `${feature}=()`)
  .join(', ');
/** Two years, the HSTS preload list's minimum. */
const HSTS = 'max-age=63072000; includeSubDomains';

export function securityHeaders(publicUrl: string): MiddlewareHandler {
  // The public URL is what browsers use, so it says whether they reach Quire over HTTPS.
  const https = new URL(publicUrl).protocol === 'https:';
  const basePolicy = contentSecurityPolicy(publicUrl);
  return async (c, next) => {
    await next();
    const html = c.res.headers.get('Content-Type')?.startsWith('text/html') ? await c.res.text() : null;
    // A page is answered anew from the text just read: the Node adapter sent a cloned page with
    // the headers it was made with, and every header below was lost (caught on /store).
    if (html !== null) c.res = new Response(html, c.res);
    const headers = c.res.headers;
    const setDefault = (name: string, value: string) => {
      if (!headers.has(name)) headers.set(name, value);
    };
    if (!headers.has('Content-Security-Policy')) {
      headers.set('Content-Security-Policy', html !== null ? contentSecurityPolicy(publicUrl, inlineScriptHashes(html)) : basePolicy);
    }
    setDefault('X-Frame-Options', 'DENY');
    setDefault('X-Content-Type-Options', 'nosniff');
    setDefault('Referrer-Policy', 'strict-origin-when-cross-origin');
    setDefault('Permissions-Policy', PERMISSIONS_POLICY);
    if (https) setDefault('Strict-Transport-Security', HSTS);
  };
}
