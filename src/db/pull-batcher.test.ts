import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { BatchPullRequest, BatchPullResponse } from '../../sync/replication/pull';
import { PullBatcher } from './pull-batcher';

const page = (id: string) => ({ documents: [{ id, _deleted: false }], checkpoint: { updatedAt: 1, id } });

/** A server that answers every collection asked for with one document named after it. */
function server() {
  const requests: BatchPullRequest[] = [];
  const send = async (body: BatchPullRequest): Promise<BatchPullResponse> => {
    requests.push(body);
    return { pages: Object.fromEntries(Object.keys(body.pulls).map((name) => [name, page(name)])) };
  };
  return { requests, send };
}

beforeEach(() => vi.useFakeTimers());
afterEach(() => vi.useRealTimers());

describe('pull batching', () => {
  it('holds the first pulls until every collection has asked, then sends them in one request', async () => {
    const s = server();
    const batcher = new PullBatcher(['lists', 'wishlist', 'notes'], s.send);
    const lists = batcher.pull('lists', null, 200);
    await vi.advanceTimersByTimeAsync(30);
    const wishlist = batcher.pull('wishlist', { updatedAt: 5, id: 'w' }, 200);
    await vi.advanceTimersByTimeAsync(30);
    expect(s.requests).toEqual([]);
    const notes = batcher.pull('notes', null, 50);
    await vi.advanceTimersByTimeAsync(0);
    expect(s.requests).toEqual([
      {
        pulls: {
          lists: { checkpoint: null, limit: 200 },
          wishlist: { checkpoint: { updatedAt: 5, id: 'w' }, limit: 200 },
          notes: { checkpoint: null, limit: 50 },
        },
      },
    ]);
    expect(await Promise.all([lists, wishlist, notes])).toEqual([page('lists'), page('wishlist'), page('notes')]);
  });

  it('sends what it holds when a collection is slow to ask', async () => {
    const s = server();
    const batcher = new PullBatcher(['lists', 'wishlist'], s.send, 100);
    const lists = batcher.pull('lists', null, 200);
    await vi.advanceTimersByTimeAsync(99);
    expect(s.requests).toHaveLength(0);
    await vi.advanceTimersByTimeAsync(1);
    expect(await lists).toEqual(page('lists'));
    expect(s.requests.map((r) => Object.keys(r.pulls))).toEqual([['lists']]);
  });

  it('after the start, sends at once, together only what is asked for in the same turn', async () => {
    const s = server();
    const batcher = new PullBatcher(['lists', 'wishlist'], s.send);
    const askBoth = async () => {
      const both = Promise.all([batcher.pull('lists', null, 200), batcher.pull('wishlist', null, 200)]);
      await vi.advanceTimersByTimeAsync(0);
      return both;
    };
    await askBoth();
    const next = batcher.pull('lists', { updatedAt: 1, id: 'lists' }, 200);
    await vi.advanceTimersByTimeAsync(0);
    expect(await next).toEqual(page('lists'));
    await askBoth();
    expect(s.requests.map((r) => Object.keys(r.pulls))).toEqual([['lists', 'wishlist'], ['lists'], ['lists', 'wishlist']]);
  });

  it('fails every pull of a request that failed, and one the server left out', async () => {
    const failing = new PullBatcher(['lists', 'wishlist'], () => Promise.reject(new Error('offline')));
    const both = [failing.pull('lists', null, 10), failing.pull('wishlist', null, 10)];
    for (const p of both) p.catch(() => undefined);
    await vi.advanceTimersByTimeAsync(0);
    for (const p of both) await expect(p).rejects.toThrow('offline');

    const partial = new PullBatcher(['lists'], async () => ({ pages: {} }));
    const lists = partial.pull('lists', null, 10);
    lists.catch(() => undefined);
    await vi.advanceTimersByTimeAsync(0);
    await expect(lists).rejects.toThrow('no page for lists');
  });
});
