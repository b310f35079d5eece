/**
 * Rate limiting, one way everywhere: in-process counters (rate-limiter-flexible; its Redis store
 * is the seam for several processes), scaled by Config.rateLimitScale, refused with 429 and the
 * seconds until a point frees up.
 */
import type { Context, MiddlewareHandler } from 'hono';
import { RateLimiterMemory, RateLimiterRes } from 'rate-limiter-flexible';
import type { AppContext, AppEnv } from '../context';
import { rateLimited } from './errors';

export interface Limit {
  points: number;
  windowSeconds: number;
}

/** Built per router factory call, so each test's app starts with clean counters. */
export function buildLimiter(ctx: AppContext, prefix: string, limit: Limit): RateLimiterMemory {
  return new RateLimiterMemory({ keyPrefix: prefix, points: Math.max(1, Math.round(limit.points * ctx.config.rateLimitScale)), duration: limit.windowSeconds });
}

/** Take `points` (one by default) or refuse with 429 and the seconds until the window frees them. */
export async function take(limiter: RateLimiterMemory, key: string, points = 1): Promise<void> {
  try {
    await limiter.consume(key, points);
  } catch (error) {
    if (error instanceof RateLimiterRes) throw rateLimited(Math.max(1, Math.ceil(error.msBeforeNext / 1000)));
    throw error;
  }
}

/** Take one point if any is left; false when the limit is reached (for quiet, best-effort mail). */
export async function tryTake(limiter: RateLimiterMemory, key: string): Promise<boolean> {
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
export function limitBefore(limiter: RateLimiterMemory, keyOf: (c: Context<AppEnv>) => string): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    await take(limiter, keyOf(c));
    await next();
  };
}
