import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { redisServerPath, startTestRedis, type TestRedis } from '../test/redis-server';
import { connectRedis, type RedisConnection } from './connection';

const available = redisServerPath() !== null;
if (!available) console.warn('redis-server is not installed: the Redis connection test did not run (.ci/run installs it).');

describe.runIf(available)('Redis connection', () => {
  let redis: TestRedis;
  let conn: RedisConnection;
  beforeAll(async () => {
    redis = await startTestRedis();
    conn = await connectRedis(redis.url);
  });
  afterAll(async () => {
    await conn?.close();
    await redis?.stop();
  });

  it('gives a command connection and a subscriber that hears what the other publishes', async () => {
    expect(conn.ready()).toBe(true);
    let heard!: Promise<string>;
    // subscribe() resolves once Redis acknowledged the subscription, so the publish cannot miss it.
    await new Promise<void>((subscribed) => {
      heard = new Promise<string>((resolve) => void conn.subscriber.subscribe('quire:test', resolve).then(() => subscribed()));
    });
    await conn.commands.publish('quire:test', 'hello');
    expect(await heard).toBe('hello');
  });
});
