/** Intake of client failures (POST, anyone, rate-limited). The admin list is in server/admin. */
import { Hono } from 'hono';
import { RateLimiterMemory } from 'rate-limiter-flexible';
import { ClientFailureInput } from '../../sync/api/debug';
import type { AppContext, AppEnv } from '../context';
import { rateLimited } from '../http/errors';
import { newDigest } from '../http/ids';
import { readJson } from '../http/validate';
import { RATE_LIMITS } from '../limits';
import { recordFailure } from './record';

export function debugRoutes(ctx: AppContext) {
  const { points, windowSeconds } = RATE_LIMITS.clientReportsPerIp;
  const limiter = new RateLimiterMemory({ points: points * ctx.config.rateLimitScale, duration: windowSeconds });
  return new Hono<AppEnv>().post('/', async (c) => {
    try {
      await limiter.consume(c.get('ip'));
    } catch (r) {
      throw rateLimited(Math.ceil((r as { msBeforeNext: number }).msBeforeNext / 1000));
    }
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
