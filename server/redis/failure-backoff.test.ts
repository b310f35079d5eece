/**
 * The sign-in backoff in Redis: the behaviour the memory store shows (failure-backoff-suite.ts),
 * failures counted once however many instances see them, keys that expire, and the memory store
 * standing in while Redis is unreachable.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FailureBackoff } from '../auth/backoff-rule';
import { failureBackoffBehaviour } from '../auth/failure-backoff-suite';
import { MemoryFailureBackoff } from '../auth/failure-backoff';
import { ApiError } from '../http/errors';
import { SIGN_IN_BACKOFF } from '../limits';
import { redisServerPath, startTestRedis, type TestRedis } from '../test/redis-server';
import { connectRedis, type RedisConnection } from './connection';
import { RedisFailureBackoff } from './failure-backoff';

const available = redisServerPath() !== null;
if (!available) console.warn('redis-server is not installed: the Redis sign-in backoff tests did not run (.ci/run installs it).');

const RULE = { free: 2, windowMs: 60_000 };

/** The stand-in for an instance whose Redis is up: reaching it means Redis was not used. */
const notUsed: FailureBackoff = {
  check: () => Promise.reject(new Error('the memory store was used while Redis was up')),
  fail: () => Promise.reject(new Error('the memory store was used while Redis was up')),
  clear: () => Promise.reject(new Error('the memory store was used while Redis was up')),
};

describe.runIf(available)('the sign-in backoff in Redis', () => {
  let redis: TestRedis;
  let connA: RedisConnection;
  let connB: RedisConnection;
  let stores = 0;
  const prefix = () => `quire:test-backoff:${++stores}:`;

  beforeAll(async () => {
    redis = await startTestRedis();
    [connA, connB] = await Promise.all([connectRedis(redis.url), connectRedis(redis.url)]);
  });
  afterAll(async () => {
    await connA?.close();
    await connB?.close();
    await redis?.stop();
  });

  failureBackoffBehaviour((now, rule) => new RedisFailureBackoff(connA, prefix(), now, rule, notUsed));

  it('counts the failures seen by two instances as one, also when they fail at the same moment', async () => {
    const now = () => Date.now();
    const shared = prefix();
    const a = new RedisFailureBackoff(connA, shared, now, RULE, notUsed);
    const b = new RedisFailureBackoff(connB, shared, now, RULE, notUsed);
    // Each instance alone has seen fewer than the free failures; together they have not.
    await Promise.all([a.fail('ip'), b.fail('ip')]);
    expect(await connA.commands.hGet(`${shared}ip`, 'count')).toBe('2');
    for (const instance of [a, b]) {
      const refused = await instance.check('ip').catch((error: unknown) => error);
      expect(refused).toBeInstanceOf(ApiError);
      expect((refused as ApiError).retryAfter).toBe(SIGN_IN_BACKOFF.baseSeconds);
    }
    // A success on one clears the count for both.
    await b.clear('ip');
    await expect(a.check('ip')).resolves.toBeUndefined();
  });

  it('lets Redis forget a key once its wait and window are over', async () => {
    const keys = prefix();
    const backoff = new RedisFailureBackoff(connA, keys, Date.now, RULE, notUsed);
    await backoff.fail('ip');
    const ttl = await connA.commands.pTTL(`${keys}ip`);
    expect(ttl).toBeGreaterThan(RULE.windowMs - 5_000);
    expect(ttl).toBeLessThanOrEqual(RULE.windowMs);
  });

  it('counts in memory while Redis is unreachable', async () => {
    const down = await connectRedis(redis.url);
    const now = () => Date.now();
    const backoff = new RedisFailureBackoff(down, prefix(), now, RULE, new MemoryFailureBackoff(now, RULE));
    await down.close();
    await backoff.fail('ip');
    await expect(backoff.check('ip')).resolves.toBeUndefined();
    await backoff.fail('ip');
    await expect(backoff.check('ip')).rejects.toMatchObject({ status: 429 });
  });
});
