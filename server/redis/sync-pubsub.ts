/**
 * Sync change hints across instances (issue 15): the same SyncPubSub as server/sync/pubsub.ts,
 * with publish carried over one Redis channel. Each instance's streams subscribe locally; when a
 * hint arrives from Redis (the publisher's own included) the in-process fan-out serves them.
 */
import type { StreamHint } from '../../sync/replication/stream';
import { createInProcessPubSub, type SyncPubSub } from '../sync/pubsub';
import { openChannel } from './channel';
import type { RedisConnection } from './connection';

const CHANNEL = 'quire:sync-hints';

interface HintMessage {
  userIds: string[];
  hint: StreamHint;
}

export async function createRedisPubSub(redis: RedisConnection): Promise<SyncPubSub> {
  const local = createInProcessPubSub();
  const hints = await openChannel<HintMessage>(redis, CHANNEL, ({ userIds, hint }) => local.publish(userIds, hint));
  return {
    publish(userIds, hint) {
      const ids = [...new Set(userIds)];
      if (ids.length > 0) hints.publish({ userIds: ids, hint });
    },
    subscribe: (userId, listener) => local.subscribe(userId, listener),
    listenerCount: () => local.listenerCount(),
  };
}
