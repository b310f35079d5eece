/**
 * /api/books: the home page's rows, book covers, EPUB import, reading and printing (sub-routers). Covers are content-addressed, so they are
 * served with a year-long immutable cache and the blob hash as ETag.
 */
import { Hono } from 'hono';
import type { HomeBooksResponse } from '../../sync/api/books';
import type { AppContext, AppEnv } from '../context';
import { BlobStore } from '../files/blob-store';
import { notFound } from '../http/errors';
import { importRoutes } from './import-routes';
import { findCover, homeBooks } from './queries';
import { printableRoutes } from './printable-routes';
import { readingRoutes } from './reading-routes';

const COVER_CACHE = 'public, max-age=31536000, immutable';

export function bookRoutes(ctx: AppContext) {
  const blobs = new BlobStore(ctx.db, ctx.config.dataDir, ctx.now);
  return new Hono<AppEnv>()
    .get('/home', async (c) => {
      const body: HomeBooksResponse = await homeBooks(ctx);
      return c.json(body);
    })
    .get('/:id/cover', async (c) => {
      const id = c.req.param('id');
      const cover = id.length <= 64 ? await findCover(ctx, id) : null;
      if (!cover) throw notFound('This book has no cover.');
      const etag = `"${cover.hash}"`;
      const headers = {
        'Cache-Control': COVER_CACHE,
        ETag: etag,
        'X-Content-Type-Options': 'nosniff',
        // SVG covers are images, never documents: no scripts, no outside requests.
        'Content-Security-Policy': "default-src 'none'; style-src 'unsafe-inline'; img-src data:",
      };
      if (c.req.header('if-none-match') === etag) return c.body(null, 304, headers);
      const bytes = await blobs.read(cover.hash);
      if (!bytes) throw notFound('This book has no cover.');
      return c.body(new Uint8Array(bytes), 200, { ...headers, 'Content-Type': cover.mediaType });
    })
    .route('/', importRoutes(ctx))
    .route('/', printableRoutes(ctx))
    .route('/', readingRoutes(ctx));
}
