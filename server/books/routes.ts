/**
 * /api/books: the home page's rows, book covers, EPUB import, reading, search in a book and printing (sub-routers). Covers are content-addressed, so they are
 * served with a year-long immutable cache and the blob hash as ETag.
 */
import { Hono } from 'hono';
import { getHomeBooks } from '../../sync/api/books';
import type { AppContext, AppEnv } from '../context';
import { IMMUTABLE_CACHE, serveBlob } from '../files/serve-blob';
import { on } from '../http/endpoint';
import { notFound } from '../http/errors';
import { importRoutes } from './import-routes';
import { findCover, homeBooks } from './queries';
import { printableRoutes } from './printable-routes';
import { readingRoutes } from './reading-routes';
import { searchRoutes } from './search-routes';

export function bookRoutes(ctx: AppContext) {
  const router = new Hono<AppEnv>();
  on(router, '/api/books', getHomeBooks, () => homeBooks(ctx));
  return router
    .get('/:id/cover', async (c) => {
      const id = c.req.param('id');
      const cover = id.length <= 64 ? await findCover(ctx, id) : null;
      if (!cover) throw notFound('This book has no cover.');
      const headers = {
        'Cache-Control': IMMUTABLE_CACHE,
        'X-Content-Type-Options': 'nosniff',
        // SVG covers are images, never documents: no scripts, no outside requests.
        'Content-Security-Policy': "default-src 'none'; style-src 'unsafe-inline'; img-src data:",
      };
      return serveBlob(c, ctx.blobs, cover, headers, 'This book has no cover.');
    })
    .route('/', importRoutes(ctx))
    .route('/', printableRoutes(ctx))
    .route('/', readingRoutes(ctx))
    .route('/', searchRoutes(ctx));
}
