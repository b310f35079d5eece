/** What every feature router receives: the services of one running server. */
import type { CollabServices } from './collab/services';
import type { Config } from './config';
import type { DB } from './db/connection';
import type { JobQueue } from './jobs/queue';
import type { Mailer } from './mail/mailer';
import type { SessionRevocations } from './auth/session-revocations';
import type { SessionUser } from './auth/session-user';
import type { BlobStore } from './files/blob-store';
import type { DocEvents } from './sync/doc-events';
import type { SyncPubSub } from './sync/pubsub';
import type { RedisConnection } from './redis/connection';
import type { SearchMemo } from './search/memo';
import type { WindowCounts } from './store/search';

export interface AppContext {
  config: Config;
  db: DB;
  queue: JobQueue;
  mail: Mailer;
  /** Every stored file's bytes (server/files/blob-store.ts). */
  blobs: BlobStore;
  /** Live documents shared by the collaboration sockets and HTTP routes (server/collab/services.ts). */
  collab: CollabServices;
  /** Shared with the other instances when REDIS_URL is set (server/redis/); null runs everything in-process. */
  redis: RedisConnection | null;
  /** Change hints for the sync stream (server/sync/pubsub.ts; across instances server/redis/sync-pubsub.ts). */
  pubsub: SyncPubSub;
  /** Ended sessions, for the live channels on them (server/auth/session-revocations.ts; server/redis/revocations.ts). */
  revocations: SessionRevocations;
  /** Replicated documents written on this server, for features that react to them (server/sync/doc-events.ts). */
  docEvents: DocEvents;
  /** Store counts that only the search index decides, kept until it changes (server/search/memo.ts). */
  searchMemo: SearchMemo<WindowCounts>;
  /** Milliseconds since the epoch; tests replace it to move time. */
  now(): number;
  startedAt: number;
  /** The loopback URL the HTTP server listens on; unset in tests that call the app directly. */
  selfUrl?: string;
}

/** Hono environment: per-request variables set by the session middleware. */
export interface AppEnv {
  Variables: {
    user: SessionUser | null;
    sessionId: string | null;
    ip: string;
    /** Reached over HTTPS, directly or through a trusted proxy (server/http/proxy.ts). */
    https: boolean;
  };
}
