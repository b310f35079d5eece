// @vitest-environment happy-dom
import { describe, expect, it } from 'vitest';
import { FROM_CACHE_HEADER } from '../../sync/store/offline-cache';
import { noteFetched, onReachabilityChange, serverUnreachable } from './reachability';

describe('reachability', () => {
  it('is lost on a network failure and back only with an answer from the server, not from a cache', () => {
    let changes = 0;
    const stop = onReachabilityChange(() => changes++);
    noteFetched(null);
    expect(serverUnreachable()).toBe(true);
    noteFetched(new Response('{}', { headers: { [FROM_CACHE_HEADER]: '1' } }));
    expect(serverUnreachable()).toBe(true);
    noteFetched(new Response('{}', { status: 503 }));
    expect(serverUnreachable()).toBe(false);
    noteFetched(new Response('{}'));
    expect(changes).toBe(2);
    noteFetched(null);
    window.dispatchEvent(new Event('online'));
    expect(serverUnreachable()).toBe(false);
    stop();
  });
});
