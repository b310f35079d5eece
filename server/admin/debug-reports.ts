/** /api/admin/debug-reports: grouped client and server failures; resolve and reopen a group. */
import { Hono, type Context } from 'hono';
import { DebugReportQuery, type DebugReportRow } from '../../sync/api/admin';
import { recordAudit } from '../audit/record';
import type { AppContext, AppEnv } from '../context';
import { notFound } from '../http/errors';
import { readQuery } from '../http/validate';
import { adminActor } from './actor';

const LIST_LIMIT = 200;

export function debugReportRoutes(ctx: AppContext) {
  const setResolved = (resolved: 0 | 1) => async (c: Context<AppEnv>) => {
    const by = adminActor(c);
    const key = c.req.param('key') ?? '';
    const now = ctx.now();
    await ctx.db.transaction().execute(async (trx) => {
      const r = await trx.updateTable('debugReports').set({ resolved }).where('key', '=', key).executeTakeFirst();
      if (Number(r.numUpdatedRows) === 0) throw notFound('No such report.');
      await recordAudit(trx, now, { ...by, action: resolved ? 'debug_report.resolved' : 'debug_report.reopened', targetType: 'debug_report', targetId: key });
    });
    return c.json({ ok: true });
  };
  return new Hono<AppEnv>()
    .get('/', async (c) => {
      adminActor(c);
      const { source, status } = readQuery(c, DebugReportQuery);
      let q = ctx.db.selectFrom('debugReports').selectAll();
      if (source) q = q.where('source', '=', source);
      if (status !== 'all') q = q.where('resolved', '=', status === 'resolved' ? 1 : 0);
      const rows = await q.orderBy('lastSeen', 'desc').limit(LIST_LIMIT).execute();
      const items: DebugReportRow[] = rows.map((r) => ({
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
      return c.json({ items });
    })
    .post('/:key/resolve', setResolved(1))
    .post('/:key/reopen', setResolved(0));
}
