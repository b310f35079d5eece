/** Redis's state for /__probe and /admin/test: without REDIS_URL there is nothing to be down. */
import type { RedisConnection } from './connection';

export type RedisState = 'not-configured' | 'connected' | 'down';

export function redisState(redis: RedisConnection | null): RedisState {
  if (!redis) return 'not-configured';
  return redis.ready() ? 'connected' : 'down';
}

/** Where REDIS_URL points, without the credentials it may carry. */
export function redisAddress(url: string): string {
  try {
    const { protocol, host, pathname } = new URL(url);
    return `${protocol}//${host}${pathname === '/' ? '' : pathname}`;
  } catch {
    return 'an unreadable REDIS_URL';
  }
}
