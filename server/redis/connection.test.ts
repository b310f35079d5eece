import { createClient } from 'redis';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { freePort, redisServerPath, startTestRedis, type TestRedis } from '../test/redis-server';
import { connectRedis, type RedisConnection } from './connection';

const available = redisServerPath() !== null;
if (!available) console.warn('redis-server is not installed: the Redis connection test did not run (.ci/run installs it).');

describe('connecting to Redis at start', () => {
  it('gives up after its bound with one error naming the address, never the password', async () => {
    const port = await freePort(); // nothing listens there
    const began = performance.now();
    const error = await connectRedis(`redis://quire:s3cret@127.0.0.1:${port}/2`, { startTimeoutMs: 200 }).catch((e: unknown) => e);
    expect(performance.now() - began).toBeLessThan(900);
    expect(error).toBeInstanceOf(Error);
    const { message } = error as Error;
    expect(message).toContain(`redis://127.0.0.1:${port}/2`);
    expect(message).toContain('REDIS_URL');
    expect(message).toContain('within 0.2 s');
    expect(message).not.toContain('s3cret');
  });
});

describe.runIf(available)('Redis connection', () => {
  let redis: TestRedis;
  let conn: RedisConnection;
  beforeAll(async () => {
    redis = await startTestRedis();
    conn = await connectRedis(redis.url, { startTimeoutMs: 200 });
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

  it('reconnects a dropped connection after the start, also once the start’s bound has passed', async () => {
    await new Promise((r) => setTimeout(r, 300));
    const logged = vi.spyOn(console, 'error').mockImplementation(() => {});
    const admin = createClient({ url: redis.url });
    await admin.connect();
    // Every other client's connection is cut: both of conn's.
    expect(Number(await admin.sendCommand(['CLIENT', 'KILL', 'TYPE', 'normal', 'SKIPME', 'yes']))).toBeGreaterThanOrEqual(1);
    expect(Number(await admin.sendCommand(['CLIENT', 'KILL', 'TYPE', 'pubsub']))).toBe(1);
    await admin.close();
    expect(await conn.commands.ping()).toBe('PONG');
    await expect.poll(() => conn.ready()).toBe(true);
    const heard = new Promise<string>((resolve) => void conn.subscriber.subscribe('quire:after', resolve));
    await expect.poll(async () => conn.commands.publish('quire:after', 'again')).toBe(1);
    expect(await heard).toBe('again');
    // After the start a drop is logged, not thrown (the start's errors were kept for its one error).
    expect(logged).toHaveBeenCalledWith('redis:', expect.any(String));
    logged.mockRestore();
  });
});
