/** GET /api/admin/dashboard: the numbers on /admin, each linking to the queue it counts. */
import { Hono } from 'hono';
import { getDashboard, type AdminDashboard } from '../../sync/api/admin';
import type { AppContext, AppEnv } from '../context';
import type { DB } from '../db/connection';
import { on } from '../http/endpoint';
import { DAY } from '../limits';
import { adminActor } from './actor';

const utcDay = (ms: number) => new Date(ms).toISOString().slice(0, 10);

async function userStats(db: DB, now: number): Promise<AdminDashboard['users']> {
  const todayStart = Date.parse(`${utcDay(now)}T00:00:00Z`);
  const weekStart = todayStart - 6 * DAY;
  const { total } = await db
    .selectFrom('users')
    .select((eb) => eb.fn.countAll<number>().as('total'))
    .where('status', '!=', 'deleted')
    .executeTakeFirstOrThrow();
  const recent = await db.selectFrom('users').select('createdAt').where('createdAt', '>=', weekStart).execute();
  const byDay = new Map<string, number>();
  for (let d = 0; d < 7; d++) byDay.set(utcDay(weekStart + d * DAY), 0);
  for (const r of recent) {
    const key = utcDay(r.createdAt);
    if (byDay.has(key)) byDay.set(key, byDay.get(key)! + 1);
  }
  const signUpsByDay = [...byDay].map(([day, count]) => ({ day, count }));
  return {
    total: Number(total),
    newToday: byDay.get(utcDay(now)) ?? 0,
    signUps7d: signUpsByDay.reduce((sum, d) => sum + d.count, 0),
    signUpsByDay,
  };
}

async function pendingRequests(db: DB): Promise<AdminDashboard['requests']> {
  const roles = await db
    .selectFrom('roleRequests')
    .select(['role', (eb) => eb.fn.countAll<number>().as('n')])
    .where('status', '=', 'pending')
    .groupBy('role')
    .execute();
  const beta = await db
    .selectFrom('betaRequests')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('status', '=', 'pending')
    .executeTakeFirstOrThrow();
  const count = (role: string) => Number(roles.find((r) => r.role === role)?.n ?? 0);
  return { author: count('author'), publisher: count('publisher'), beta: Number(beta.n) };
}

export function dashboardRoutes(ctx: AppContext) {
  return on(new Hono<AppEnv>(), '/api/admin/dashboard', getDashboard, async (c) => {
    adminActor(c);
    const open = await ctx.db
      .selectFrom('debugReports')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('resolved', '=', 0)
      .executeTakeFirstOrThrow();
    return {
      users: await userStats(ctx.db, ctx.now()),
      requests: await pendingRequests(ctx.db),
      jobs: await ctx.queue.countsByState(),
      debugReports: { open: Number(open.n) },
      mail: { transport: ctx.mail.transportName },
    };
  });
}
