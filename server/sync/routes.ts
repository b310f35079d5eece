/**
 * /api/sync: the replication endpoints of every collection in sync/collections. Thin: check the
 * protocol and the session, parse with the shared schemas, call the store or the push rules.
 */
import { Hono } from 'hono';
import { collectionByName } from '../../sync/collections';
import type { CollectionDefinition } from '../../sync/replication/collection';
import { PullRequestSchema, type PullResponse } from '../../sync/replication/pull';
import { PushRequestSchema, type PushResponse } from '../../sync/replication/push';
import type { AppContext, AppEnv } from '../context';
import { notFound } from '../http/errors';
import { requireUser } from '../http/guard';
import { readJson } from '../http/validate';
import { requireProtocol } from './protocol';
import { applyPush } from './push';
import { pullPage } from './store';
import { handleStream } from './stream';

function collectionOf(name: string): CollectionDefinition {
  const collection = collectionByName(name);
  if (!collection) throw notFound('No such collection.');
  return collection;
}

export function syncRoutes(ctx: AppContext) {
  return new Hono<AppEnv>()
    .use('*', requireProtocol)
    .get('/stream', (c) => handleStream(ctx, c, requireUser(c).id))
    .post('/:collection/pull', async (c) => {
      const user = requireUser(c);
      const collection = collectionOf(c.req.param('collection'));
      const body = await readJson(c, PullRequestSchema);
      const page: PullResponse = await pullPage(ctx.db, collection.name, user.id, body.checkpoint, body.limit);
      return c.json(page);
    })
    .post('/:collection/push', async (c) => {
      const user = requireUser(c);
      const collection = collectionOf(c.req.param('collection'));
      const body = await readJson(c, PushRequestSchema);
      const result: PushResponse = await applyPush(ctx, collection, user.id, body.rows);
      return c.json(result);
    });
}
