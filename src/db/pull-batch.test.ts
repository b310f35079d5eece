import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { BatchPullRequest, BatchPullResponse, PullResponse } from '../../sync/replication/pull';
import { PullBatcher } from './pull-batch';

const page = (collection: string): PullResponse => ({ documents: [], checkpoint: { updatedAt: 1, id: collection } });

/** A server that answers each collection's page with its name in the checkpoint, and records the requests. */
function server() {
  const requests: BatchPullRequest[] = [];
  const send = vi.fn(async (body: BatchPullRequest): Promise<BatchPullResponse> => {
    requests.push(body);
    return { pages: body.pulls.map((p) => page(p.collection)) };
  });
  return { requests, send };
}

beforeEach(() => vi.useFakeTimers());
afterEach(() => vi.useRealTimers());

describe('PullBatcher', () => {
  it('sends the asks of one task as one request and gives each asker its own page', async () => {
    const { requests, send } = server();
    const batcher = new PullBatcher(send);
    const lists = batcher.pull('reading-lists', null, 200);
    const wishlist = batcher.pull('wishlist', { updatedAt: 5, id: 'w' }, 50);
    expect(send).not.toHaveBeenCalled();
    await vi.runAllTimersAsync();
    expect(requests).toEqual([
      {
        pulls: [
          { collection: 'reading-lists', checkpoint: null, limit: 200 },
          { collection: 'wishlist', checkpoint: { updatedAt: 5, id: 'w' }, limit: 50 },
        ],
      },
    ]);
    expect((await lists).checkpoint?.id).toBe('reading-lists');
    expect((await wishlist).checkpoint?.id).toBe('wishlist');
  });

  it('waits for the collections it expects, and leaves as soon as the last has asked', async () => {
    const { requests, send } = server();
    const batcher = new PullBatcher(send, 150);
    batcher.expect(['a', 'b', 'c']);
    void batcher.pull('a', null, 10);
    await vi.advanceTimersByTimeAsync(40);
    void batcher.pull('b', null, 10);
    await vi.advanceTimersByTimeAsync(40);
    expect(requests).toHaveLength(0);
    void batcher.pull('c', null, 10);
    await vi.advanceTimersByTimeAsync(0);
    expect(requests.map((r) => r.pulls.map((p) => p.collection))).toEqual([['a', 'b', 'c']]);
  });

  it('waits no longer than its round allows, then lets a late collection go alone', async () => {
    const { requests, send } = server();
    const batcher = new PullBatcher(send, 150);
    batcher.expect(['a', 'b', 'slow']);
    void batcher.pull('a', null, 10);
    void batcher.pull('b', null, 10);
    await vi.advanceTimersByTimeAsync(149);
    expect(requests).toHaveLength(0);
    await vi.advanceTimersByTimeAsync(1);
    expect(requests.map((r) => r.pulls.map((p) => p.collection))).toEqual([['a', 'b']]);
    void batcher.pull('slow', null, 10);
    await vi.advanceTimersByTimeAsync(0); // no longer expected: the end of its task
    expect(requests.map((r) => r.pulls.map((p) => p.collection))).toEqual([['a', 'b'], ['slow']]);
  });

  it('sends a collection that asks again in a separate request', async () => {
    const { requests, send } = server();
    const batcher = new PullBatcher(send);
    void batcher.pull('a', null, 10);
    void batcher.pull('a', { updatedAt: 2, id: 'x' }, 10);
    await vi.runAllTimersAsync();
    expect(requests.map((r) => r.pulls.map((p) => p.checkpoint))).toEqual([[null], [{ updatedAt: 2, id: 'x' }]]);
  });

  it('fails every ask of a request that failed, so each replication retries', async () => {
    const failure = new Error('offline');
    const batcher = new PullBatcher(() => Promise.reject(failure));
    const asks = [batcher.pull('a', null, 10), batcher.pull('b', null, 10)].map((p) => p.catch((e: unknown) => e));
    await vi.runAllTimersAsync();
    expect(await Promise.all(asks)).toEqual([failure, failure]);
  });

  it('fails an ask the answer has no page for', async () => {
    const batcher = new PullBatcher(async () => ({ pages: [page('a')] }));
    const a = batcher.pull('a', null, 10);
    const b = batcher.pull('b', null, 10).catch((e: unknown) => e);
    await vi.runAllTimersAsync();
    expect((await a).checkpoint?.id).toBe('a');
    expect(String(await b)).toMatch(/without a page for b/);
  });
});
