/**
 * One way to answer with content-addressed bytes (files, book assets, covers): the hash is the
 * ETag, so a revalidation answers 304 without reading the blob.
 */
import type { Context } from 'hono';
import { notFound } from '../http/errors';
import type { BlobStore } from './blob-store';

/** For URLs whose bytes never change (the hash or an immutable id names them). */
export const IMMUTABLE_CACHE = 'public, max-age=31536000, immutable';

export async function serveBlob(
  c: Context,
  blobs: BlobStore,
  blob: { hash: string; mediaType: string },
  headers: Record<string, string>,
  missing: string,
): Promise<Response> {
  const etag = `"${blob.hash}"`;
  const common = { ...headers, ETag: etag };
  if (c.req.header('if-none-match') === etag) return c.body(null, 304, common);
  const bytes = await blobs.read(blob.hash);
  if (!bytes) throw notFound(missing);
  return c.body(new Uint8Array(bytes), 200, { ...common, 'Content-Type': blob.mediaType });
}
