/**
 * Rate limits of the auth API, per IP and per account (the lowercased e-mail). Built per
 * authRoutes() call so each test's app starts with clean counters.
 */
import { RateLimiterMemory, RateLimiterRes } from 'rate-limiter-flexible';
import type { AppContext } from '../context';
import { rateLimited } from '../http/errors';
import { RATE_LIMITS } from '../limits';

type Limit = { points: number; windowSeconds: number };

export function buildAuthLimiters(ctx: AppContext) {
  const make = (prefix: string, limit: Limit) =>
    new RateLimiterMemory({ keyPrefix: prefix, points: Math.max(1, Math.round(limit.points * ctx.config.rateLimitScale)), duration: limit.windowSeconds });
  return {
    signInIp: make('signin-ip', RATE_LIMITS.signInPerIp),
    signInAccount: make('signin-account', RATE_LIMITS.signInPerAccount),
    signUpIp: make('signup-ip', RATE_LIMITS.signUpPerIp),
    // Beta requests write a row per call, so they share the sign-up budget's shape.
    betaIp: make('beta-ip', RATE_LIMITS.signUpPerIp),
    mailIp: make('mail-ip', RATE_LIMITS.mailPerIp),
    mailAccount: make('mail-account', RATE_LIMITS.mailPerAccount),
  };
}
export type AuthLimiters = ReturnType<typeof buildAuthLimiters>;

/** Take one point or refuse with 429 and the seconds until the window frees one. */
export async function take(limiter: RateLimiterMemory, key: string): Promise<void> {
  try {
    await limiter.consume(key);
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
