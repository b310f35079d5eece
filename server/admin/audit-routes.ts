/**
 * /api/admin/audit (paged JSON, a typed endpoint) and /api/admin/audit.csv (every matching row;
 * a file download, so a plain route).
 */
import { Hono } from 'hono';
import { ADMIN_PAGE_SIZE, AuditQuery, listAudit } from '../../sync/api/admin';
import type { AppContext, AppEnv } from '../context';
import { on } from '../http/endpoint';
import { readQuery } from '../http/validate';
import { adminActor } from './actor';
import { AUDIT_COLUMNS, auditBase, toAuditRow } from './audit-query';
import { nameTargets } from './audit-targets';
import { csvLine } from './csv';

/** Rows fetched per round while writing the CSV, so a long log never sits in memory at once. */
const CSV_BATCH = 2000;

export function auditRoutes(ctx: AppContext) {
  // Mounted at /api/admin itself: the CSV's path is beside the list's, not under it.
  const at = '/api/admin';
  const router = new Hono<AppEnv>();
  on(router, at, listAudit, async (c, { query: { page, ...filters } }) => {
    adminActor(c);
    const base = auditBase(ctx.db, filters);
    const { total } = await base.select((eb) => eb.fn.countAll<number>().as('total')).executeTakeFirstOrThrow();
    const rows = await base
      .select([...AUDIT_COLUMNS])
      .orderBy('id', 'desc')
      .limit(ADMIN_PAGE_SIZE)
      .offset((page - 1) * ADMIN_PAGE_SIZE)
      .execute();
    const parsed = rows.map(toAuditRow);
    const targets = await nameTargets(ctx, parsed);
    const items = parsed.map((r, i) => ({ ...r, target: targets[i] ?? null }));
    return { items, page, pageSize: ADMIN_PAGE_SIZE, total: Number(total) };
  });
  return router.get('/audit.csv', async (c) => {
    adminActor(c);
    const { page: _page, ...filters } = readQuery(c, AuditQuery);
    const base = auditBase(ctx.db, filters);
    let out = csvLine(['id', 'time_utc', 'actor', 'actor_id', 'action', 'target_type', 'target_id', 'ip', 'detail']);
    // Keyset paging by id: stable even while new entries are appended during the export.
    let before = Number.MAX_SAFE_INTEGER;
    for (;;) {
      const rows = await base
        .select([...AUDIT_COLUMNS])
        .where('id', '<', before)
        .orderBy('id', 'desc')
        .limit(CSV_BATCH)
        .execute();
      for (const r of rows) {
        out += csvLine([r.id, new Date(r.at).toISOString(), r.actorLabel, r.actorId ?? '', r.action, r.targetType, r.targetId, r.ip, r.detail]);
      }
      if (rows.length < CSV_BATCH) break;
      before = rows[rows.length - 1]!.id;
    }
    const stamp = new Date(ctx.now()).toISOString().slice(0, 10);
    c.header('Content-Type', 'text/csv; charset=utf-8');
    c.header('Content-Disposition', `attachment; filename="quire-audit-${stamp}.csv"`);
    return c.body(out);
  });
}
