/**
 * /api/lists: online, read-only views of reading lists. A person's own lists replicate to their
 * devices; these routes are how anyone else sees a public or unlisted one. A private list is
 * answered 404 — the same as a missing one — so its existence is not revealed.
 */
import { Hono } from 'hono';
import type { DiscoverListsResponse, PublicListResponse } from '../../sync/api/lists';
import { MAX_DOC_ID_LENGTH } from '../../sync/replication/limits';
import type { AppContext, AppEnv } from '../context';
import { notFound } from '../http/errors';
import { publicLists, visibleList } from './queries';

const DISCOVER_LIMIT = 24;

export function listRoutes(ctx: AppContext) {
  return new Hono<AppEnv>()
    .get('/discover', async (c) => {
      const body: DiscoverListsResponse = { lists: await publicLists(ctx.db, { limit: DISCOVER_LIMIT }) };
      return c.json(body);
    })
    .get('/:id', async (c) => {
      const id = c.req.param('id');
      const found = id.length <= MAX_DOC_ID_LENGTH ? await visibleList(ctx.db, id, c.get('user')?.id ?? null) : null;
      if (!found) throw notFound('This list does not exist or is private.');
      const body: PublicListResponse = found;
      return c.json(body);
    });
}
