import { describe, expect, it } from 'vitest';
import { createInProcessPubSub } from './pubsub';

describe('in-process pubsub', () => {
  it('keeps a newer subscriber when an old unsubscribe runs twice', () => {
    const pubsub = createInProcessPubSub();
    const old = pubsub.subscribe('u', () => {});
    old(); // the stream aborted
    const seen: unknown[] = [];
    pubsub.subscribe('u', (hint) => seen.push(hint)); // another device connects
    old(); // the aborted stream's handler exits and unsubscribes again
    pubsub.publish(['u'], { collection: 'reading-lists', checkpoint: { updatedAt: 1, id: 'x' } });
    expect(seen).toHaveLength(1);
    expect(pubsub.listenerCount()).toBe(1);
  });
});
