/**
 * /api/admin/analytics: the figures of a date range and its previous period, a rollup of the open
 * days on demand, and each chart as CSV. Admins only ('admin:access'); read from the rollup tables.
 */
import { Hono } from 'hono';
import { AnalyticsCsvQuery, getAnalytics, refreshAnalytics } from '../../sync/api/analytics';
import type { AppContext, AppEnv } from '../context';
import { on } from '../http/endpoint';
import { requirePermission } from '../http/guard';
import { readQuery } from '../http/validate';
import { analyticsCsv } from './csv-export';
import { readAnalytics } from './read-range';
import { lastRollupAt, rollUpMissingDays } from './rollup';

export function analyticsRoutes(ctx: AppContext) {
  const at = '/api/admin/analytics';
  const router = new Hono<AppEnv>();
  on(router, at, getAnalytics, async (c, { query }) => {
    requirePermission(c, 'admin:access');
    return readAnalytics(ctx.db, query);
  });
  on(router, at, refreshAnalytics, async (c) => {
    requirePermission(c, 'admin:access');
    const days = await rollUpMissingDays(ctx.db, ctx.now());
    return { lastRollupAt: await lastRollupAt(ctx.db), days: days.length };
  });
  return router.get('/export.csv', async (c) => {
    requirePermission(c, 'admin:access');
    const { chart, ...range } = readQuery(c, AnalyticsCsvQuery);
    const csv = analyticsCsv(await readAnalytics(ctx.db, range), chart);
    c.header('Content-Type', 'text/csv; charset=utf-8');
    c.header('Content-Disposition', `attachment; filename="quire-${chart}-${range.from}-to-${range.to}.csv"`);
    return c.body(csv);
  });
}
