/**
 * Rate limiting, one way everywhere: rate-limiter-flexible counters, in-process by default and in
 * Redis when several instances share it (server/redis/rate-limiter.ts), scaled by
 * Config.rateLimitScale, refused with 429 and the seconds until a point frees up.
 */
import type { Context, MiddlewareHandler } from 'hono';
import { RateLimiterMemory, RateLimiterRes, type RateLimiterAbstract } from 'rate-limiter-flexible';
import type { AppContext, AppEnv } from '../context';
import { redisLimiter } from '../redis/rate-limiter';
import { rateLimited } from './errors';

export interface Limit {
  points: number;
  windowSeconds: number;
}

/** Either store's limiter: the helpers below take both. */
export type Limiter = RateLimiterAbstract;

/**
 * Built per router factory call, so each test's app starts with clean counters (in Redis, each
 * test that configures it starts its own server). Which store counts follows ctx.redis, chosen
 * once by the composition root.
 */
export function buildLimiter(ctx: AppContext, prefix: string, limit: Limit): Limiter {
  const options = { keyPrefix: prefix, points: Math.max(1, Math.round(limit.points * ctx.config.rateLimitScale)), duration: limit.windowSeconds };
  const memory = new RateLimiterMemory(options);
  return ctx.redis ? redisLimiter(ctx.redis, options, memory) : memory;
}

/** Take `points` (one by default) or refuse with 429 and the seconds until the window frees them. */
export async function take(limiter: Limiter, key: string, points = 1): Promise<void> {
  try {
    await limiter.consume(key, points);
  } catch (error) {
    if (error instanceof RateLimiterRes) throw rateLimited(Math.max(1, Math.ceil(error.msBeforeNext / 1000)));
    throw error;
  }
}

/** Take one point if any is left; false when the limit is reached (for quiet, best-effort mail). */
export async function tryTake(limiter: Limiter, key: string): Promise<boolean> {
  try {
    await limiter.consume(key);
    return true;
  } catch (error) {
    if (error instanceof RateLimiterRes) return false;
    throw error;
  }
}

/**
 * Middleware taking a point before the route reads its body, so a refused caller costs no parsing
 * (a typed endpoint's body is parsed before its handler runs).
 */
export function limitBefore(limiter: Limiter, keyOf: (c: Context<AppEnv>) => string): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    await take(limiter, keyOf(c));
    await next();
  };
}
