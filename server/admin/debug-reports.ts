/** /api/admin/debug-reports: grouped client and server failures; resolve and reopen a group. */
import { Hono, type Context } from 'hono';
import * as api from '../../sync/api/admin';
import { recordAudit } from '../audit/record';
import type { AppContext, AppEnv } from '../context';
import { on } from '../http/endpoint';
import { notFound } from '../http/errors';
import { adminActor } from './actor';

const LIST_LIMIT = 200;

export function debugReportRoutes(ctx: AppContext) {
  const setResolved =
    (resolved: 0 | 1) =>
    async (c: Context<AppEnv>, { params: { key } }: { params: Record<string, string> }) => {
      const by = adminActor(c);
      const now = ctx.now();
      await ctx.db.transaction().execute(async (trx) => {
        const r = await trx.updateTable('debugReports').set({ resolved }).where('key', '=', key).executeTakeFirst();
        if (Number(r.numUpdatedRows) === 0) throw notFound('No such report.');
        await recordAudit(trx, now, { ...by, action: resolved ? 'debug_report.resolved' : 'debug_report.reopened', targetType: 'debug_report', targetId: key });
      });
      return { ok: true };
    };
  const router = new Hono<AppEnv>();
  const at = '/api/admin/debug-reports';
  on(router, at, api.listDebugReports, async (c, { query: { source, status } }) => {
    adminActor(c);
    let q = ctx.db.selectFrom('debugReports').selectAll();
    if (source) q = q.where('source', '=', source);
    if (status !== 'all') q = q.where('resolved', '=', status === 'resolved' ? 1 : 0);
    const rows = await q.orderBy('lastSeen', 'desc').limit(LIST_LIMIT).execute();
    const items: api.DebugReportRow[] = rows.map((r) => ({
      key: r.key,
      digest: r.digest,
      source: r.source,
      message: r.message,
      route: r.route,
      status: r.resolved ? 'resolved' : 'open',
      httpStatus: r.status,
      count: r.count,
      firstSeen: r.firstSeen,
      lastSeen: r.lastSeen,
      stack: r.stack,
      userAgent: r.userAgent,
    }));
    return { items };
  });
  on(router, at, api.resolveDebugReport, setResolved(1));
  on(router, at, api.reopenDebugReport, setResolved(0));
  return router;
}
