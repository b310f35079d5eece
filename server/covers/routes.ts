/**
 * /api/covers (the designs of /cover, for everyone who may design covers) and
 * PUT /api/publishing/:id/cover (a manuscript's owner sets its ebook cover). Typed endpoints of
 * sync/api/covers.ts; decision 042.
 */
import { Hono } from 'hono';
import * as api from '../../sync/api/covers';
import type { AppContext, AppEnv } from '../context';
import { on } from '../http/endpoint';
import { requirePermission } from '../http/guard';
import { createDesign, deleteDesign, getDesign, listDesigns, updateDesign } from './designs';
import { setCover } from './set-cover';

export function coverRoutes(ctx: AppContext) {
  const router = new Hono<AppEnv>();
  on(router, '/api/covers', api.listCoverDesigns, async (c) => {
    const user = requirePermission(c, 'covers:design');
    c.header('Cache-Control', 'private, no-cache');
    return { designs: await listDesigns(ctx, user.id) };
  });
  on(router, '/api/covers', api.getCoverDesign, async (c, { params }) => {
    const user = requirePermission(c, 'covers:design');
    c.header('Cache-Control', 'private, no-cache');
    return { design: await getDesign(ctx, user.id, params.id) };
  });
  on(router, '/api/covers', api.createCoverDesign, async (c, { body }) => {
    const user = requirePermission(c, 'covers:design');
    return { design: await createDesign(ctx, user.id, body) };
  });
  on(router, '/api/covers', api.saveCoverDesign, async (c, { params, body }) => {
    const user = requirePermission(c, 'covers:design');
    return { design: await updateDesign(ctx, user.id, params.id, body) };
  });
  on(router, '/api/covers', api.deleteCoverDesign, async (c, { params }) => {
    const user = requirePermission(c, 'covers:design');
    await deleteDesign(ctx, user.id, params.id);
    return undefined;
  });
  return router;
}

export function manuscriptCoverRoutes(ctx: AppContext) {
  const router = new Hono<AppEnv>();
  on(router, '/api/publishing', api.setManuscriptCover, async (c, { params, body }) => {
    const user = requirePermission(c, 'publishing:submit');
    return { cover: await setCover(ctx, user, c.get('ip'), params.id, body.fileId) };
  });
  return router;
}
