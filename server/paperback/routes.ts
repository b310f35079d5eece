/**
 * /api/manuscripts/:id/paperback-cover and /api/manuscripts/:id/print-layout: typed endpoints of
 * sync/api/paperback-covers.ts; decision 069.
 */
import { Hono } from 'hono';
import * as api from '../../sync/api/paperback-covers';
import type { AppContext, AppEnv } from '../context';
import { on } from '../http/endpoint';
import { requireUser } from '../http/guard';
import { paperbackCover, recordPrintLayout, savePaperbackCover } from './paperback';

export function paperbackRoutes(ctx: AppContext) {
  const router = new Hono<AppEnv>();
  const actor = (c: Parameters<typeof requireUser>[0]) => {
    const user = requireUser(c);
    return { id: user.id, principal: user };
  };
  on(router, '/api/manuscripts', api.getPaperbackCover, async (c, { params }) => {
    const answer = await paperbackCover(ctx, params.id, actor(c));
    c.header('Cache-Control', 'private, no-cache');
    return answer;
  });
  on(router, '/api/manuscripts', api.savePaperbackCover, async (c, { params, body }) => ({
    cover: await savePaperbackCover(ctx, params.id, actor(c), body.design),
  }));
  on(router, '/api/manuscripts', api.recordPrintLayout, async (c, { params, body }) => ({
    layout: await recordPrintLayout(ctx, params.id, actor(c), body.trimId, body.pages),
  }));
  return router;
}
