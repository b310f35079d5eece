/**
 * /api/lists: online, read-only views of reading lists. A person's own lists replicate to their
 * devices; these routes are how anyone else sees a public or unlisted one. A private list is
 * answered 404 — the same as a missing one — so its existence is not revealed.
 */
import { Hono } from 'hono';
import { getDiscoverLists, getPublicList } from '../../sync/api/lists';
import { MAX_DOC_ID_LENGTH } from '../../sync/replication/limits';
import type { AppContext, AppEnv } from '../context';
import { on } from '../http/endpoint';
import { notFound } from '../http/errors';
import { publicLists, visibleList } from './queries';

const DISCOVER_LIMIT = 24;

export function listRoutes(ctx: AppContext) {
  const router = new Hono<AppEnv>();
  on(router, '/api/lists', getDiscoverLists, async () => ({ lists: await publicLists(ctx.db, { limit: DISCOVER_LIMIT }) }));
  on(router, '/api/lists', getPublicList, async (c, { params }) => {
    const found = params.id.length <= MAX_DOC_ID_LENGTH ? await visibleList(ctx.db, params.id, c.get('user')?.id ?? null) : null;
    if (!found) throw notFound('This list does not exist or is private.');
    return found;
  });
  return router;
}
