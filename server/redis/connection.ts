/**
 * The Redis connection of one server process, when `REDIS_URL` is set (issue 15: several
 * instances sharing state). Pub/sub needs a connection of its own — a subscribed connection can
 * issue no other command — so there are two: `commands` for everything else (rate limits, streams)
 * and `subscriber`, shared by every seam that listens (sync hints, revocations, collaboration).
 * Without `REDIS_URL` nothing here is loaded and every seam stays in-process.
 */
import { createClient } from 'redis';

const newClient = (url: string) => createClient({ url });
type RedisClient = ReturnType<typeof newClient>;

export interface RedisConnection {
  commands: RedisClient;
  subscriber: RedisClient;
  /** Whether both connections are up, for /__probe and /admin/test. */
  ready(): boolean;
  close(): Promise<void>;
}

export async function connectRedis(url: string): Promise<RedisConnection> {
  const commands = newClient(url);
  // A dropped connection reconnects on its own (node-redis retries); log instead of crashing.
  commands.on('error', (error: unknown) => console.error('redis:', error instanceof Error ? error.message : error));
  await commands.connect();
  const subscriber = commands.duplicate();
  subscriber.on('error', (error: unknown) => console.error('redis subscriber:', error instanceof Error ? error.message : error));
  await subscriber.connect();
  return {
    commands,
    subscriber,
    ready: () => commands.isReady && subscriber.isReady,
    async close() {
      // close() waits for queued commands, which never run while Redis is down: then let go at once.
      const end = (client: RedisClient) => (client.isReady ? client.close() : Promise.resolve(client.destroy()));
      await Promise.allSettled([end(subscriber), end(commands)]);
    },
  };
}
