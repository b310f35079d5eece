/** /api/admin/rag-monitoring and its re-index command (admins; the command is audited). */
import { Hono } from 'hono';
import * as api from '../../sync/api/ask';
import { recordAudit } from '../audit/record';
import type { AppContext, AppEnv } from '../context';
import { on } from '../http/endpoint';
import { notFound } from '../http/errors';
import { requirePermission } from '../http/guard';
import { requestPassageIndex } from './index-book';
import { ragMonitoring } from './monitoring';

export function adminAskRoutes(ctx: AppContext) {
  const router = new Hono<AppEnv>();
  const at = '/api/admin';
  on(router, at, api.getRagMonitoring, async (c, { query }) => {
    requirePermission(c, 'admin:access');
    return ragMonitoring(ctx.db, ctx.now(), query.page ?? 1);
  });
  on(router, at, api.reindexBooks, async (c, { body }) => {
    const user = requirePermission(c, 'admin:access');
    let query = ctx.db.selectFrom('books').select('id');
    if (body.bookId !== undefined) query = query.where('id', '=', body.bookId);
    const books = await query.execute();
    if (body.bookId !== undefined && books.length === 0) throw notFound('No such book.');
    await ctx.db.transaction().execute(async (trx) => {
      for (const b of books) await requestPassageIndex(ctx, b.id, { in: trx, force: true });
      await recordAudit(trx, ctx.now(), {
        actor: { id: user.id, username: user.username },
        ip: c.get('ip'),
        action: 'ask.reindexed',
        targetType: body.bookId ? 'book' : 'ask_index',
        targetId: body.bookId ?? '',
        detail: { books: books.length },
      });
    });
    return { jobs: books.length };
  });
  return router;
}
