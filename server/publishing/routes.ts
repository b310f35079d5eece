/**
 * /api/publishing (authors and reviewers) and /api/admin/publishing (reviewers): the typed
 * endpoints of sync/api/publishing.ts. Someone who may neither submit nor review gets 403 at the
 * door; a manuscript that is not theirs (nor theirs to review) is 404, whether or not it exists.
 */
import type { Context } from 'hono';
import { Hono } from 'hono';
import * as api from '../../sync/api/publishing';
import { can } from '../../sync/roles';
import type { AppContext, AppEnv } from '../context';
import { serveBlob } from '../files/serve-blob';
import { on } from '../http/endpoint';
import { forbidden, notFound } from '../http/errors';
import { requirePermission, requireUser } from '../http/guard';
import { comment, loadEdition, mustView, runCommand, saveMetadata, type Acting } from './commands';
import { editionAsBook, editionChapter } from './edition';
import { allPublications, myPublications, publicationDetail, reviewQueue } from './publications';

function acting(c: Context<AppEnv>): Acting {
  const user = requireUser(c);
  if (!can(user, 'publishing:submit') && !can(user, 'publishing:review')) throw forbidden();
  return { user, ip: c.get('ip') };
}

export function publishingRoutes(ctx: AppContext) {
  const router = new Hono<AppEnv>();
  const detail = async (c: Context<AppEnv>, id: string) => {
    c.header('Cache-Control', 'private, no-cache');
    const user = requireUser(c);
    return publicationDetail(ctx, await mustView(ctx, id, user), user);
  };
  const edition = async (c: Context<AppEnv>, editionId: string) => {
    const who = acting(c);
    const found = editionId.length <= 64 ? await loadEdition(ctx.db, editionId) : null;
    // Readable by whoever may see its publication.
    if (!found || !(await mustView(ctx, found.publicationId, who.user).catch(() => null))) throw notFound('No such edition.');
    c.header('Cache-Control', 'private, no-cache');
    return found.content;
  };

  on(router, '/api/publishing', api.listMyPublications, async (c) => {
    const { user } = acting(c);
    c.header('Cache-Control', 'private, no-cache');
    return { items: await myPublications(ctx, user) };
  });
  on(router, '/api/publishing', api.getPublication, (c, { params }) => {
    acting(c);
    return detail(c, params.id);
  });
  on(router, '/api/publishing', api.savePublishingMetadata, async (c, { params, body }) => {
    await saveMetadata(ctx, acting(c), params.id, body);
    return detail(c, params.id);
  });
  on(router, '/api/publishing', api.runPublishingCommand, async (c, { params, body }) => {
    await runCommand(ctx, acting(c), params.id, body);
    return detail(c, params.id);
  });
  on(router, '/api/publishing', api.commentOnPublication, async (c, { params, body }) => {
    await comment(ctx, acting(c), params.id, body.comment);
    return detail(c, params.id);
  });
  on(router, '/api/publishing', api.getEditionBook, async (c, { params }) => editionAsBook(params.id, await edition(c, params.id)));
  // The cover frozen with an edition: to whoever may see its publication, never cached by others.
  router.get('/editions/:id/cover', async (c) => {
    const who = acting(c);
    const id = c.req.param('id');
    const row =
      id.length <= 64
        ? await ctx.db.selectFrom('publicationEditions').select(['publicationId', 'coverBlob', 'coverMediaType']).where('id', '=', id).executeTakeFirst()
        : undefined;
    const visible = row?.coverBlob && row.coverMediaType && (await mustView(ctx, row.publicationId, who.user).catch(() => null));
    if (!visible) throw notFound('This edition has no cover.');
    const headers = { 'Cache-Control': 'private, no-cache', 'X-Content-Type-Options': 'nosniff' };
    return serveBlob(c, ctx.blobs, { hash: row.coverBlob!, mediaType: row.coverMediaType! }, headers, 'This edition has no cover.');
  });
  on(router, '/api/publishing', api.getEditionChapter, async (c, { params }) => {
    const chapter = editionChapter(params.id, await edition(c, params.id), params.chapterId);
    if (!chapter) throw notFound('No such chapter.');
    return chapter;
  });
  return router;
}

export function adminPublishingRoutes(ctx: AppContext) {
  const router = new Hono<AppEnv>();
  on(router, '/api/admin/publishing', api.listReviewQueue, async (c) => {
    requirePermission(c, 'publishing:review');
    return { items: await reviewQueue(ctx) };
  });
  on(router, '/api/admin/publishing', api.listPublications, async (c, { query }) => {
    requirePermission(c, 'publishing:review');
    return allPublications(ctx, query.state);
  });
  return router;
}
