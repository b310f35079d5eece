/**
 * A JSON answer compressed whole, off the event loop (zlib's thread pool), for the sync pull:
 * its pages are large (a hundred reading lists are about 66 KB of JSON) and leave in one piece. hono's compress() streams through CompressionStream, which the sync routes stay out of
 * (see server/app.ts); a finished buffer has no stream to stall.
 */
import { promisify } from 'node:util';
import zlib from 'node:zlib';
import type { Context } from 'hono';

const brotli = promisify(zlib.brotliCompress);
const gzip = promisify(zlib.gzip);

/** Below this, compressing costs more than the bytes it saves (hono's compress() uses 1 KiB too). */
const MIN_BYTES = 1024;
/** Brotli's level for answers made per request: the default (11) is meant for files compressed once. */
const BROTLI_QUALITY = 5;

function acceptedEncoding(acceptEncoding: string | undefined): 'br' | 'gzip' | null {
  const accepted = new Map(
    (acceptEncoding ?? '').split(',').map((part) => {
      const [name = '', ...params] = part.trim().toLowerCase().split(';');
      const q = params.map((p) => /^\s*q=([\d.]+)\s*$/.exec(p)?.[1]).find(Boolean);
      return [name.trim(), q === undefined ? 1 : Number(q)] as const;
    }),
  );
  if ((accepted.get('br') ?? 0) > 0) return 'br';
  if ((accepted.get('gzip') ?? 0) > 0) return 'gzip';
  return null;
}

export async function compressedJson(c: Context, json: string): Promise<Response> {
  const headers: Record<string, string> = { 'content-type': 'application/json', vary: 'Accept-Encoding' };
  // The length in characters, which never exceeds the length in bytes, spares a count of the bytes.
  const encoding = json.length < MIN_BYTES ? null : acceptedEncoding(c.req.header('accept-encoding'));
  if (!encoding) return c.body(json, 200, headers);
  const body =
    encoding === 'br'
      ? await brotli(json, {
          params: {
            [zlib.constants.BROTLI_PARAM_QUALITY]: BROTLI_QUALITY,
            [zlib.constants.BROTLI_PARAM_MODE]: zlib.constants.BROTLI_MODE_TEXT,
            [zlib.constants.BROTLI_PARAM_SIZE_HINT]: json.length,
          },
        })
      : await gzip(json);
  return c.body(new Uint8Array(body.buffer, body.byteOffset, body.byteLength), 200, { ...headers, 'content-encoding': encoding });
}
