/**
 * /api/images/<hash>.<format>: a finished variant's bytes. The URL names the bytes (their own
 * blob hash), so it is cached for a year; only hashes of finished variants are served, never any
 * other blob. Like a file's content URL it is a capability: it is handed out only with a page that
 * may show the image (decision 039).
 */
import { Hono } from 'hono';
import type { AppContext, AppEnv } from '../context';
import { IMMUTABLE_CACHE, serveBlob } from '../files/serve-blob';
import { notFound } from '../http/errors';
import { VARIANT_MEDIA_TYPES } from './plan';

const NAME = /^([0-9a-f]{64})\.(avif|webp)$/;

export function imageRoutes(ctx: AppContext) {
  return new Hono<AppEnv>().get('/:name', async (c) => {
    const match = NAME.exec(c.req.param('name'));
    const variant = match
      ? await ctx.db
          .selectFrom('imageVariants')
          .select(['blobHash', 'format'])
          .where('blobHash', '=', match[1]!)
          .where('format', '=', match[2] as 'avif' | 'webp')
          .where('state', '=', 'done')
          .executeTakeFirst()
      : undefined;
    if (!variant?.blobHash) throw notFound('No such image.');
    const headers = {
      'Cache-Control': IMMUTABLE_CACHE,
      'X-Content-Type-Options': 'nosniff',
      'Content-Security-Policy': "default-src 'none'; sandbox",
    };
    return serveBlob(c, ctx.blobs, { hash: variant.blobHash, mediaType: VARIANT_MEDIA_TYPES[variant.format] }, headers, 'No such image.');
  });
}
