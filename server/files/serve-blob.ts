/**
 * One way to answer with content-addressed bytes (files, book assets, covers): the hash is the
 * ETag, so a revalidation answers 304 without reading the blob. The bytes are streamed from
 * wherever the blob store keeps them (never held whole in memory), and one `Range` is honoured,
 * so a large download can resume and an audio or video asset can seek.
 */
import { Readable } from 'node:stream';
import type { Context } from 'hono';
import { notFound } from '../http/errors';
import type { ByteRange } from './blob-bytes';
import type { BlobStore } from './blob-store';

/** For URLs whose bytes never change (the hash or an immutable id names them). */
export const IMMUTABLE_CACHE = 'public, max-age=31536000, immutable';

/**
 * One `bytes=a-b`, `bytes=a-` or `bytes=-n` against a size: the range, 'unsatisfiable', or null
 * to send everything (no header, several ranges, or a form this does not read, as RFC 9110 allows).
 */
export function byteRangeOf(header: string | undefined, size: number): ByteRange | 'unsatisfiable' | null {
  const m = header ? /^bytes=(\d*)-(\d*)$/.exec(header.trim()) : null;
  if (!m || (m[1] === '' && m[2] === '')) return null;
  if (m[1] === '') {
    const suffix = Number(m[2]);
    return suffix === 0 || size === 0 ? 'unsatisfiable' : { start: Math.max(0, size - suffix), end: size - 1 };
  }
  const start = Number(m[1]);
  const end = m[2] === '' ? size - 1 : Math.min(Number(m[2]), size - 1);
  if (m[2] !== '' && Number(m[2]) < start) return null; // malformed: ignore it
  return start < size ? { start, end } : 'unsatisfiable';
}

export async function serveBlob(
  c: Context,
  blobs: BlobStore,
  blob: { hash: string; mediaType: string },
  headers: Record<string, string>,
  missing: string,
): Promise<Response> {
  const etag = `"${blob.hash}"`;
  const common = { ...headers, ETag: etag, 'Accept-Ranges': 'bytes' };
  if (c.req.header('if-none-match') === etag) return c.body(null, 304, common);
  if (c.req.method === 'HEAD') {
    // No body is sent: opening the bytes would hold a file handle or an S3 connection unread.
    const info = await blobs.info(blob.hash);
    if (!info) throw notFound(missing);
    return c.body(null, 200, { ...common, 'Content-Type': blob.mediaType, 'Content-Length': String(info.size) });
  }
  // A Range only applies to these very bytes (If-Range names them); the size comes from the row.
  const rangeHeader = c.req.header('if-range') === undefined || c.req.header('if-range') === etag ? c.req.header('range') : undefined;
  const info = rangeHeader ? await blobs.info(blob.hash) : null;
  const range = info ? byteRangeOf(rangeHeader, info.size) : null;
  if (range === 'unsatisfiable') return c.body(null, 416, { ...common, 'Content-Range': `bytes */${info!.size}` });

  const found = await blobs.stream(blob.hash, range ?? undefined);
  if (!found) throw notFound(missing);
  const body = Readable.toWeb(found.body) as ReadableStream<Uint8Array>;
  if (!range) return c.body(body, 200, { ...common, 'Content-Type': blob.mediaType, 'Content-Length': String(found.size) });
  return c.body(body, 206, {
    ...common,
    'Content-Type': blob.mediaType,
    'Content-Length': String(range.end - range.start + 1),
    'Content-Range': `bytes ${range.start}-${range.end}/${found.size}`,
  });
}
