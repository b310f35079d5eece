/** The store catalogue's API (sync/api/store.ts): public, the same for everyone, cacheable by the service worker. */
import { Hono } from 'hono';
import * as api from '../../sync/api/store';
import type { AppContext, AppEnv } from '../context';
import { on } from '../http/endpoint';
import { notFound } from '../http/errors';
import { storeBook } from './book-page';
import { searchCatalogue, suggest } from './search';
import { storeHome } from './shelves';

const AT = '/api/store';

export function storeRoutes(ctx: AppContext) {
  const router = new Hono<AppEnv>();
  on(router, AT, api.getStoreHome, () => storeHome(ctx));
  on(router, AT, api.searchStore, (_c, { query }) => searchCatalogue(ctx, query));
  on(router, AT, api.suggestStore, async (_c, { query }) => ({ suggestions: await suggest(ctx, query.q) }));
  on(router, AT, api.getStoreBook, async (_c, { params }) => {
    const book = await storeBook(ctx, params.id);
    if (!book) throw notFound('This book is not in the store.');
    return book;
  });
  return router;
}
