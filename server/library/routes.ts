/**
 * GET /api/library: the signed-in person's owned books (library_entries joined with books).
 * Reading progress is deliberately absent: it is a replicated document, so it works offline.
 * Adding and removing one's own EPUBs lives in sideload-routes.ts.
 */
import { Hono } from 'hono';
import { getLibrary } from '../../sync/api/library';
import type { AppContext, AppEnv } from '../context';
import { on } from '../http/endpoint';
import { requireUser } from '../http/guard';
import { libraryBooks } from './queries';
import { sideloadRoutes } from './sideload-routes';

export function libraryRoutes(ctx: AppContext) {
  const router = on(new Hono<AppEnv>(), '/api/library', getLibrary, async (c) => ({ books: await libraryBooks(ctx, requireUser(c).id) }));
  return router.route('/', sideloadRoutes(ctx));
}
