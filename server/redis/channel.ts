/**
 * One Redis pub/sub channel carrying JSON messages between every instance. Publishing goes
 * through Redis only — the publisher hears its own message back like every other instance — so
 * each instance delivers a message exactly once, whoever sent it. Local fan-out stays in the
 * in-process seams; this only carries the messages between processes.
 */
import type { RedisConnection } from './connection';

export interface RedisChannel<T> {
  publish(message: T): void;
}

/** Resolves once Redis has acknowledged the subscription, so nothing published afterwards is missed. */
export async function openChannel<T>(redis: RedisConnection, name: string, deliver: (message: T) => void): Promise<RedisChannel<T>> {
  await redis.subscriber.subscribe(name, (raw: string) => {
    let message: T;
    try {
      message = JSON.parse(raw) as T;
    } catch {
      console.error(`redis ${name}: dropped a message that is not JSON`);
      return;
    }
    deliver(message);
  });
  return {
    publish(message) {
      // node-redis queues commands while it reconnects; a message lost past that is logged, and
      // the live channels catch up on their own (a stream's RESYNC on reconnect, the session check).
      redis.commands.publish(name, JSON.stringify(message)).catch((error: unknown) => {
        console.error(`redis ${name}: not published:`, error instanceof Error ? error.message : error);
      });
    },
  };
}
