/**
 * Change (and topic) hints fanned out to the stream connections of each user. In-process today; this module
 * is the seam where Redis (or PostgreSQL LISTEN/NOTIFY) goes when Quire runs on more than one
 * machine — nothing else knows how hints travel.
 */
import type { StreamHint } from '../../sync/replication/stream';

type HintListener = (hint: StreamHint) => void;

export interface SyncPubSub {
  publish(userIds: Iterable<string>, hint: StreamHint): void;
  subscribe(userId: string, listener: HintListener): () => void;
  /** Open subscriptions, for tests and the self-test page. */
  listenerCount(): number;
}

export function createInProcessPubSub(): SyncPubSub {
  const byUser = new Map<string, Set<HintListener>>();
  return {
    publish(userIds, hint) {
      for (const userId of new Set(userIds)) {
        for (const listener of byUser.get(userId) ?? []) {
          try {
            listener(hint);
          } catch (error) {
            console.error('sync hint listener failed', error); // one broken stream never stops the others
          }
        }
      }
    },
    subscribe(userId, listener) {
      let set = byUser.get(userId);
      if (!set) byUser.set(userId, (set = new Set()));
      set.add(listener);
      return () => {
        set.delete(listener);
        // Only drop the set this listener belongs to: an unsubscribe called twice (the stream
        // handler does, on abort and on exit) must not remove a newer set of live listeners.
        if (set.size === 0 && byUser.get(userId) === set) byUser.delete(userId);
      };
    },
    listenerCount() {
      let n = 0;
      for (const set of byUser.values()) n += set.size;
      return n;
    },
  };
}
