/** Intake of client failures (POST, anyone, rate-limited). The admin list is in server/admin. */
import { Hono } from 'hono';
import { reportClientFailure } from '../../sync/api/debug';
import type { AppContext, AppEnv } from '../context';
import { on } from '../http/endpoint';
import { newDigest } from '../http/ids';
import { buildLimiter, limitBefore } from '../http/rate-limit';
import { RATE_LIMITS } from '../limits';
import { recordFailure } from './record';

export function debugRoutes(ctx: AppContext) {
  const limiter = buildLimiter(ctx, 'client-reports', RATE_LIMITS.clientReportsPerIp);
  const router = new Hono<AppEnv>();
  router.post(
    '/',
    limitBefore(limiter, (c) => c.get('ip')),
  );
  return on(router, '/api/debug-reports', reportClientFailure, async (c, { body }) => {
    const digest = body.digest ?? newDigest();
    await recordFailure(ctx.db, ctx.now(), {
      source: 'client',
      digest,
      message: body.message,
      stack: body.stack,
      route: body.route,
      userAgent: c.req.header('user-agent'),
    });
    return { digest };
  });
}
