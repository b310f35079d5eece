/**
 * Every request body is capped while it streams in, before the session is looked up, so no
 * client — signed in or not — can make the server hold more than MAX_JSON_BODY_BYTES of it.
 * Uploads are the exception: their routes check who is sending before reading a byte, then
 * stream the body against their own larger cap (uploadLimit, inside each route).
 */
import type { MiddlewareHandler } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import { MAX_JSON_BODY_BYTES } from '../limits';
import { payloadTooLarge } from './errors';

/** Method and exact path; anything else, including a near miss, gets the small cap (fails closed). */
const UPLOAD_ROUTES = new Set([
  'POST /api/files',
  'POST /api/books/import',
  'POST /api/manuscripts/import',
  'POST /api/library/sideloads',
  'POST /api/publisher/uploads/metadata',
  'POST /api/publisher/uploads/archive',
  'POST /api/publisher/uploads/epub',
  'POST /api/publisher/uploads/cover',
]);

export function limitBodies(): MiddlewareHandler {
  const capped = bodyLimit({
    maxSize: MAX_JSON_BODY_BYTES,
    onError: () => {
      throw payloadTooLarge();
    },
  });
  return (c, next) => {
    // A GET or HEAD has no body to cap, and asking (hono's bodyLimit reads `raw.body`) would make
    // the Node adapter build a whole fetch Request for every page and /api/auth/me.
    if (c.req.method === 'GET' || c.req.method === 'HEAD') return next();
    if (UPLOAD_ROUTES.has(`${c.req.method} ${c.req.path}`)) return next();
    // A declared length is hono's bodyLimit's own first check, made here without touching
    // `raw.body`: Node's parser hands the handler exactly that many bytes, and the adapter then
    // reads them straight off the socket instead of building a fetch Request and its stream
    // (about an eighth of a pull's time on the server, issue 11). A body sent in chunks, without
    // a length, is counted as it streams in.
    const declared = c.req.header('content-length');
    if (declared !== undefined && c.req.header('transfer-encoding') === undefined) {
      if (Number(declared) > MAX_JSON_BODY_BYTES) throw payloadTooLarge();
      return next();
    }
    return capped(c, next);
  };
}

/**
 * An upload route's own cap, after its permission check: a declared Content-Length over it is
 * refused before reading (hono's bodyLimit does that), a streamed body as it crosses the cap.
 */
export function uploadLimit(maxSize: number, tooLarge: () => Error): MiddlewareHandler {
  return bodyLimit({
    maxSize,
    onError: () => {
      throw tooLarge();
    },
  });
}

/**
 * For routes that read their body as a stream and count it themselves (the bulk upload's metadata
 * and ZIP): a declared Content-Length over the cap is refused before reading, and nothing is
 * buffered — hono's bodyLimit (uploadLimit) holds a body sent without a length whole while it
 * counts it, which for a 200 MB archive is the very memory the streaming route avoids.
 */
export function declaredLimit(maxSize: number, tooLarge: () => Error): MiddlewareHandler {
  return async (c, next) => {
    const declared = c.req.header('content-length');
    if (declared !== undefined && Number(declared) > maxSize) throw tooLarge();
    await next();
  };
}
