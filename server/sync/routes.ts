/**
 * /api/sync: the replication endpoints of every collection in sync/collections. Thin: check the
 * protocol and the session, parse with the shared schemas, call the store or the push rules.
 */
import { Hono } from 'hono';
import { COLLECTION_LIST, collectionByName, type CollectionName } from '../../sync/collections';
import type { CollectionDefinition } from '../../sync/replication/collection';
import { BatchPullRequestSchema, BatchPullResponseSchema, PullRequestSchema, PullResponseSchema } from '../../sync/replication/pull';
import { PushRequestSchema, type PushResponse } from '../../sync/replication/push';
import type { AppContext, AppEnv } from '../context';
import { notFound } from '../http/errors';
import { compressedJson } from '../http/compressed-json';
import { CHECK_ANSWERS } from '../http/endpoint';
import { requireUser } from '../http/guard';
import { buildLimiter, take } from '../http/rate-limit';
import { SYNC_PUSH_ROW_LIMITS } from '../limits';
import { readJson } from '../http/validate';
import { requireProtocol } from './protocol';
import { applyPush } from './push';
import { pullPageJson } from './store';
import { handleStream } from './stream';

function collectionOf(name: string): CollectionDefinition {
  const collection = collectionByName(name);
  if (!collection) throw notFound('No such collection.');
  return collection;
}

export function syncRoutes(ctx: AppContext) {
  const pushLimiters = new Map(COLLECTION_LIST.map((c) => [c.name, buildLimiter(ctx, `sync-push:${c.name}`, SYNC_PUSH_ROW_LIMITS[c.name as CollectionName])]));
  return new Hono<AppEnv>()
    .use('*', requireProtocol)
    .get('/stream', (c) => handleStream(ctx, c, requireUser(c).id))
    .post('/pull', async (c) => {
      const user = requireUser(c);
      const { pulls } = await readJson(c, BatchPullRequestSchema);
      for (const p of pulls) collectionOf(p.collection); // every name known (or 404) before any read
      const pages = await Promise.all(pulls.map((p) => pullPageJson(ctx.db, p.collection, user.id, p.checkpoint, p.limit)));
      const answer = `{"pages":[${pages.join(',')}]}`;
      if (CHECK_ANSWERS) BatchPullResponseSchema.parse(JSON.parse(answer));
      return compressedJson(c, answer);
    })
    .post('/:collection/pull', async (c) => {
      const user = requireUser(c);
      const collection = collectionOf(c.req.param('collection'));
      const body = await readJson(c, PullRequestSchema);
      const page = await pullPageJson(ctx.db, collection.name, user.id, body.checkpoint, body.limit);
      // Under tests the spliced text is held to the response schema, as server/http/endpoint.ts does.
      if (CHECK_ANSWERS) PullResponseSchema.parse(JSON.parse(page));
      return compressedJson(c, page);
    })
    .post('/:collection/push', async (c) => {
      const user = requireUser(c);
      const collection = collectionOf(c.req.param('collection'));
      const body = await readJson(c, PushRequestSchema);
      // The whole batch counts, before any row is looked at: over the limit, nothing is written.
      if (body.rows.length > 0) await take(pushLimiters.get(collection.name)!, user.id, body.rows.length);
      const result: PushResponse = await applyPush(ctx, collection, user, body.rows);
      return c.json(result);
    });
}
