/**
 * /api/admin/store (sync/api/admin-store.ts): the store's layout and its books, admins only.
 * /api/admin's own guard runs first; each handler asks for the admin again (adminActor), which
 * also names them in the audit log.
 */
import { Hono } from 'hono';
import * as api from '../../../sync/api/admin-store';
import { adminActor } from '../../admin/actor';
import type { AppContext, AppEnv } from '../../context';
import { on } from '../../http/endpoint';
import { requirePermission } from '../../http/guard';
import { setListing, setPrice } from './book-commands';
import { adminStoreBooks } from './books';
import * as layout from './layout';

const AT = '/api/admin/store';

export function adminStoreRoutes(ctx: AppContext) {
  const router = new Hono<AppEnv>();
  /** Runs a layout change and answers with the layout as it now stands. */
  const thenLayout = async (change: Promise<void>) => {
    await change;
    return layout.storeLayout(ctx);
  };

  on(router, AT, api.listAdminStoreBooks, (c, { query }) => {
    requirePermission(c, 'admin:access');
    return adminStoreBooks(ctx, query);
  });
  on(router, AT, api.setBookListing, async (c, { params, body }) => ({ book: await setListing(ctx, adminActor(c), params.id!, body.listed) }));
  on(router, AT, api.setBookPrice, (c, { params, body }) => setPrice(ctx, adminActor(c), params.id!, body));

  on(router, AT, api.getStoreLayout, (c) => {
    requirePermission(c, 'admin:access');
    return layout.storeLayout(ctx);
  });
  on(router, AT, api.setFeatured, (c, { body }) => thenLayout(layout.setFeatured(ctx, adminActor(c), body.bookIds)));
  on(router, AT, api.createCollection, (c, { body }) => thenLayout(layout.createCollection(ctx, adminActor(c), body.name)));
  on(router, AT, api.updateCollection, (c, { params, body }) => thenLayout(layout.updateCollection(ctx, adminActor(c), params.id!, body)));
  on(router, AT, api.deleteCollection, (c, { params }) => thenLayout(layout.deleteCollection(ctx, adminActor(c), params.id!)));
  on(router, AT, api.orderCollections, (c, { body }) => thenLayout(layout.orderCollections(ctx, adminActor(c), body.ids)));
  on(router, AT, api.setShelfGenres, (c, { body }) => thenLayout(layout.setShelfGenres(ctx, adminActor(c), body.codes)));
  on(router, AT, api.resetShelfGenres, (c) => thenLayout(layout.resetShelfGenres(ctx, adminActor(c))));
  return router;
}
