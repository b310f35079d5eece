/** Intake of client failures (POST, anyone, rate-limited). The admin list is in server/admin. */
import { Hono } from 'hono';
import { ClientFailureInput } from '../../sync/api/debug';
import type { AppContext, AppEnv } from '../context';
import { newDigest } from '../http/ids';
import { buildLimiter, take } from '../http/rate-limit';
import { readJson } from '../http/validate';
import { RATE_LIMITS } from '../limits';
import { recordFailure } from './record';

export function debugRoutes(ctx: AppContext) {
  const limiter = buildLimiter(ctx, 'client-reports', RATE_LIMITS.clientReportsPerIp);
  return new Hono<AppEnv>().post('/', async (c) => {
    await take(limiter, c.get('ip'));
    const input = await readJson(c, ClientFailureInput);
    const digest = input.digest ?? newDigest();
    await recordFailure(ctx.db, ctx.now(), {
      source: 'client',
      digest,
      message: input.message,
      stack: input.stack,
      route: input.route,
      userAgent: c.req.header('user-agent'),
    });
    return c.json({ digest }, 201);
  });
}
