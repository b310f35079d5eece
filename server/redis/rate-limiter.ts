/**
 * Rate-limit counters in Redis (issue 15), so a limit per account or IP holds across every
 * instance. rate-limiter-flexible's RateLimiterRedis with node-redis (`useRedisPackage`); while
 * Redis is unreachable each instance counts on its own (the in-memory insurance limiter) instead
 * of failing the request or waiting on the reconnect.
 */
import { RateLimiterRedis, type RateLimiterMemory } from 'rate-limiter-flexible';
import type { RedisConnection } from './connection';

export function redisLimiter(
  redis: RedisConnection,
  options: { keyPrefix: string; points: number; duration: number },
  insurance: RateLimiterMemory,
): RateLimiterRedis {
  return new RateLimiterRedis({
    storeClient: redis.commands,
    useRedisPackage: true,
    rejectIfRedisNotReady: true,
    insuranceLimiter: insurance,
    ...options,
    keyPrefix: `quire:rate:${options.keyPrefix}`,
  });
}
