/**
 * The Redis seams deliver across instances: two "instances" are two seam objects on two
 * connections to one throwaway redis-server. Redis keeps one publisher's messages in order, so a
 * marker published last proves everything before it has been delivered (or never will be).
 */
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { ChangeHint, StreamHint } from '../../sync/replication/stream';
import type { Revocation, SessionRevocations } from '../auth/session-revocations';
import type { SyncPubSub } from '../sync/pubsub';
import { redisServerPath, startTestRedis, type TestRedis } from '../test/redis-server';
import { connectRedis, type RedisConnection } from './connection';
import { createRedisRevocations } from './revocations';
import { createRedisPubSub } from './sync-pubsub';

const available = redisServerPath() !== null;
if (!available) console.warn('redis-server is not installed: the Redis pub/sub tests did not run (.ci/run installs it).');

const hint = (id: string): ChangeHint => ({ collection: 'reading-lists', checkpoint: { updatedAt: 1, id } });

/** Resolves with the next hint `userId` receives on `pubsub`. */
function nextHint(pubsub: SyncPubSub, userId: string): Promise<StreamHint> {
  return new Promise((resolve) => {
    const off = pubsub.subscribe(userId, (h) => {
      off();
      resolve(h);
    });
  });
}

function nextRevocation(revocations: SessionRevocations): Promise<Revocation> {
  return new Promise((resolve) => {
    const off = revocations.subscribe((r) => {
      off();
      resolve(r);
    });
  });
}

describe.runIf(available)('Redis seams across two instances', () => {
  let redis: TestRedis;
  let connA: RedisConnection;
  let connB: RedisConnection;
  beforeAll(async () => {
    redis = await startTestRedis();
    [connA, connB] = await Promise.all([connectRedis(redis.url), connectRedis(redis.url)]);
  });
  afterAll(async () => {
    await Promise.all([connA?.close(), connB?.close()]);
    await redis?.stop();
  });

  it('delivers a hint published on A once to the subscribers on A and on B', async () => {
    const [a, b] = await Promise.all([createRedisPubSub(connA), createRedisPubSub(connB)]);
    const onA: StreamHint[] = [];
    const onB: StreamHint[] = [];
    const offA = a.subscribe('u1', (h) => onA.push(h));
    const offB = b.subscribe('u1', (h) => onB.push(h));
    const other: StreamHint[] = [];
    b.subscribe('u2', (h) => other.push(h));
    expect(b.listenerCount()).toBe(2);

    a.publish(['u1', 'u1'], hint('first'));
    // Each instance hears the channel on its own connection: wait for the marker on both.
    const markers = Promise.all([nextHint(a, 'marker'), nextHint(b, 'marker')]);
    a.publish(['marker'], hint('marker'));
    await markers;
    expect(onA).toEqual([hint('first')]);
    expect(onB).toEqual([hint('first')]);
    expect(other).toEqual([]);

    offA();
    offB();
    const markers2 = Promise.all([nextHint(a, 'marker'), nextHint(b, 'marker')]);
    a.publish(['u1'], hint('after unsubscribing'));
    a.publish(['marker'], hint('marker'));
    await markers2;
    expect(onA).toHaveLength(1);
    expect(onB).toHaveLength(1);
    expect(a.listenerCount()).toBe(0);
  });

  it('carries a topic hint (the support inbox) from A to B', async () => {
    const [a, b] = await Promise.all([createRedisPubSub(connA), createRedisPubSub(connB)]);
    const heard = nextHint(b, 'staff');
    a.publish(['staff'], { topic: 'support' });
    expect(await heard).toEqual({ topic: 'support' });
  });

  it('keeps serving the other listeners when one throws', async () => {
    const [a, b] = await Promise.all([createRedisPubSub(connA), createRedisPubSub(connB)]);
    const error = vi.spyOn(console, 'error').mockImplementation(() => {});
    b.subscribe('u', () => {
      throw new Error('broken stream');
    });
    const heard = nextHint(b, 'u');
    a.publish(['u'], hint('x'));
    expect(await heard).toEqual(hint('x'));
    expect(error).toHaveBeenCalledWith('sync hint listener failed', expect.any(Error));
    error.mockRestore();
  });

  it('announces a revocation made on A to the listeners on B, and to A’s own', async () => {
    const [a, b] = await Promise.all([createRedisRevocations(connA), createRedisRevocations(connB)]);
    const error = vi.spyOn(console, 'error').mockImplementation(() => {});
    b.subscribe(() => {
      throw new Error('broken socket');
    });
    const seen: Revocation[] = [];
    const off = b.subscribe((r) => seen.push(r));
    const onB = nextRevocation(b);
    const onA = nextRevocation(a);
    a.publish({ sessionId: 's1', reason: 'ended' });
    expect(await onB).toEqual({ sessionId: 's1', reason: 'ended' });
    expect(await onA).toEqual({ sessionId: 's1', reason: 'ended' });
    expect(seen).toEqual([{ sessionId: 's1', reason: 'ended' }]);

    off();
    const marker = nextRevocation(b);
    a.publish({ userId: 'u', except: 's2', reason: 'rotated' });
    expect(await marker).toEqual({ userId: 'u', except: 's2', reason: 'rotated' });
    expect(seen).toHaveLength(1);
    error.mockRestore();
  });
});
