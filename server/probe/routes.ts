/**
 * /__probe: health JSON for monitors — version, database (and its engine), job worker, Redis,
 * file store, uptime. Redis being down does not make the probe fail: the instance still answers every
 * request (the client reads a failing probe as "server unreachable"); only the live hints and
 * sign-outs between instances wait for it, so monitors watch `redis.ok` on its own.
 */
import { Hono } from 'hono';
import { sql } from 'kysely';
import { APP_VERSION } from '../../sync/version';
import type { AppContext, AppEnv } from '../context';
import { engineOf } from '../db/engine';
import { redisState } from '../redis/state';

export interface ProbeDeps {
  worker: { isRunning: boolean; lastTickAt: number };
}

export function probeRoutes(ctx: AppContext, deps: ProbeDeps) {
  return new Hono<AppEnv>().get('/', async (c) => {
    const engine = engineOf(ctx.db);
    let database: { ok: boolean; engine: string; error?: string };
    try {
      await sql`select 1`.execute(ctx.db);
      database = { ok: true, engine };
    } catch (error) {
      database = { ok: false, engine, error: (error as Error).message };
    }
    const counts = await ctx.queue.countsByState().catch(() => null);
    const worker = {
      ok: deps.worker.isRunning,
      running: deps.worker.isRunning,
      lastTickAt: deps.worker.lastTickAt ? new Date(deps.worker.lastTickAt).toISOString() : null,
      queued: counts?.queued ?? null,
      dead: counts?.dead ?? null,
    };
    const state = redisState(ctx.redis);
    const redis = { configured: state !== 'not-configured', ok: state !== 'down', state };
    const ok = database.ok && worker.ok;
    return c.json(
      {
        status: ok ? 'ok' : 'degraded',
        version: APP_VERSION,
        database,
        worker,
        redis,
        /** Where file bytes are kept: "disk" or "S3 <bucket>". */
        files: ctx.blobs.describe,
        uptimeSeconds: Math.round((Date.now() - ctx.startedAt) / 1000),
      },
      ok ? 200 : 503,
    );
  });
}
