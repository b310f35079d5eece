/**
 * The Redis connection of one server process, when `REDIS_URL` is set (issue 15: several
 * instances sharing state). Pub/sub needs a connection of its own — a subscribed connection can
 * issue no other command — so there are two: `commands` for everything else (rate limits, streams)
 * and `subscriber`, shared by every seam that listens (sync hints, revocations, collaboration).
 * Without `REDIS_URL` nothing here is loaded and every seam stays in-process.
 */
import type * as Redis from 'redis';
import { onUse } from '../load-on-use';
import { redisAddress } from './state';

const loadRedis = onUse<typeof Redis>('redis');
const newClient = (url: string) => loadRedis().createClient({ url });
type RedisClient = ReturnType<typeof newClient>;

export interface RedisConnection {
  commands: RedisClient;
  subscriber: RedisClient;
  /** Whether both connections are up, for /__probe and /admin/test. */
  ready(): boolean;
  close(): Promise<void>;
}

/**
 * How long a start waits for Redis before it gives up: a REDIS_URL that points at nothing ends the
 * start with one clear error instead of retrying silently forever. Once connected, a dropped
 * connection reconnects for as long as it takes (node-redis's own retries).
 */
const REDIS_START_TIMEOUT_MS = 10_000;

/** Connect both connections, or reject after `startTimeoutMs` naming the URL (without its password). */
export async function connectRedis(url: string, { startTimeoutMs = REDIS_START_TIMEOUT_MS } = {}): Promise<RedisConnection> {
  const commands = newClient(url);
  const subscriber = commands.duplicate();
  // Until the start succeeded, the retries' errors are kept for the one error below, not logged.
  let started = false;
  let lastError = 'no answer';
  const onError = (name: string) => (error: unknown) => {
    const message = error instanceof Error ? error.message : String(error);
    if (!started) lastError = message;
    // A dropped connection reconnects on its own (node-redis retries); log instead of crashing.
    else console.error(`${name}:`, message);
  };
  commands.on('error', onError('redis'));
  subscriber.on('error', onError('redis subscriber'));
  let timer: NodeJS.Timeout | undefined;
  const timedOut = new Promise<'timed out'>((resolve) => (timer = setTimeout(() => resolve('timed out'), startTimeoutMs)));
  const connecting = (async () => {
    await commands.connect();
    await subscriber.connect();
  })();
  // destroy() stops the retries; a connect() still pending then rejects, which nobody needs to hear.
  connecting.catch(() => {});
  const giveUp = (why: string) => {
    commands.destroy();
    subscriber.destroy();
    return new Error(`Redis at ${redisAddress(url)} (REDIS_URL) ${why}`);
  };
  let outcome: void | 'timed out';
  try {
    outcome = await Promise.race([connecting, timedOut]);
  } catch (error) {
    throw giveUp(`could not be reached: ${error instanceof Error ? error.message : String(error)}`);
  } finally {
    clearTimeout(timer);
  }
  if (outcome === 'timed out') throw giveUp(`did not answer within ${startTimeoutMs / 1000} s: ${lastError}`);
  started = true;
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
