/** /__probe: health JSON for monitors — version, database, job worker, file store, uptime. */
import { Hono } from 'hono';
import { sql } from 'kysely';
import { APP_VERSION } from '../../sync/version';
import type { AppContext, AppEnv } from '../context';

export interface ProbeDeps {
  worker: { isRunning: boolean; lastTickAt: number };
}

export function probeRoutes(ctx: AppContext, deps: ProbeDeps) {
  return new Hono<AppEnv>().get('/', async (c) => {
    let database: { ok: boolean; error?: string };
    try {
      await sql`select 1`.execute(ctx.db);
      database = { ok: true };
    } catch (error) {
      database = { ok: false, error: (error as Error).message };
    }
    const counts = await ctx.queue.countsByState().catch(() => null);
    const worker = {
      ok: deps.worker.isRunning,
      running: deps.worker.isRunning,
      lastTickAt: deps.worker.lastTickAt ? new Date(deps.worker.lastTickAt).toISOString() : null,
      queued: counts?.queued ?? null,
      dead: counts?.dead ?? null,
    };
    const ok = database.ok && worker.ok;
    return c.json(
      {
        status: ok ? 'ok' : 'degraded',
        version: APP_VERSION,
        database,
        worker,
        /** Where file bytes are kept: "disk" or "S3 <bucket>". */
        files: ctx.blobs.describe,
        uptimeSeconds: Math.round((Date.now() - ctx.startedAt) / 1000),
      },
      ok ? 200 : 503,
    );
  });
}
