/**
 * The one place that creates the browser database: one RxDB database per account
 * (`quire-<userId>`), so two people on one device never see each other's data; Dexie storage
 * in a worker (memory in Node tests); the collections of sync/collections; replication in
 * the leader tab only.
 */
import { addRxPlugin, createRxDatabase, removeRxDatabase, type RxCollection, type RxDatabase, type RxStorage } from 'rxdb';
import { RxDBLeaderElectionPlugin } from 'rxdb/plugins/leader-election';
import { RxDBMigrationSchemaPlugin } from 'rxdb/plugins/migration-schema';
import { COLLECTION_LIST, type CollectionName } from '../../sync/collections';
import { resolveConflict, sameDocument } from '../../sync/replication/collection';
import { startReplication, type ReplicationController } from './replication';
import { workerStorage } from './storage-remote';
import type { ServerTopics } from './server-topics';
import type { SyncTransport } from './sync-http';
import { syncState as appSyncState, type SyncStateStore } from './sync-state';

addRxPlugin(RxDBLeaderElectionPlugin);
addRxPlugin(RxDBMigrationSchemaPlugin);

export interface OpenDatabaseOptions {
  userId: string;
  transport: SyncTransport;
  /** 'dexie' (IndexedDB) in the browser; 'memory' in Node. */
  storage?: 'dexie' | 'memory';
  /** Overrides `quire-<userId>` (several simulated devices in one Node process). */
  name?: string;
  /** Several tabs share the database; only the leader replicates. */
  multiInstance?: boolean;
  replicate?: boolean;
  state?: SyncStateStore;
  /** Where the stream's topic events go (default: the app's one set, server-topics.ts). */
  topics?: ServerTopics;
  /** RxDB's wait before retrying a failed request (default RETRY_MS). */
  retryMs?: number;
  /** Only these collections (default: all). RxDB's open-source build allows 16 open collections
   * per process, so Node tests that simulate several devices open just what they exercise. */
  only?: readonly CollectionName[];
}

export interface QuireDatabase {
  db: RxDatabase;
  collections: Record<CollectionName, RxCollection>;
  replication: ReplicationController | null;
  close(): Promise<void>;
}

export function databaseName(userId: string): string {
  return `quire-${userId.toLowerCase().replace(/[^a-z0-9]/g, '')}`;
}

/** IndexedDB (Dexie) lives in a worker of its own (storage-worker.ts), off the main thread. */
async function baseStorage(kind: 'dexie' | 'memory'): Promise<RxStorage<any, any>> {
  if (kind === 'memory') return (await import('rxdb/plugins/storage-memory')).getRxStorageMemory();
  return workerStorage();
}

/**
 * Every local write is checked against its schema (ajv) in development and in Node tests only,
 * as RxDB advises: in a production browser, compiling the validators took about 0.4 s of main
 * thread on every page load (seconds under load), and the server validates every push anyway.
 */
export async function storageFor(kind: 'dexie' | 'memory'): Promise<RxStorage<any, any>> {
  const storage = await baseStorage(kind);
  const validate = kind === 'memory' || import.meta.env.DEV;
  return validate ? (await import('rxdb/plugins/validate-ajv')).wrappedValidateAjvStorage({ storage }) : storage;
}

export async function openDatabase(options: OpenDatabaseOptions): Promise<QuireDatabase> {
  const multiInstance = options.multiInstance ?? false;
  const definitions = options.only ? COLLECTION_LIST.filter((d) => options.only!.includes(d.name as CollectionName)) : COLLECTION_LIST;
  const db = await createRxDatabase({
    name: options.name ?? databaseName(options.userId),
    storage: await storageFor(options.storage ?? 'dexie'),
    multiInstance,
    eventReduce: true,
  });
  const collections = (await db.addCollections(
    Object.fromEntries(
      definitions.map((definition) => [
        definition.name,
        {
          schema: definition.jsonSchema as any,
          migrationStrategies: definition.migrations as any,
          conflictHandler: {
            isEqual: (a: any, b: any) => sameDocument(a, b),
            resolve: async (input: any) => resolveConflict(definition.conflict, input),
          },
        },
      ]),
    ),
  )) as unknown as Record<CollectionName, RxCollection>;
  const replication =
    options.replicate === false
      ? null
      : startReplication({
          db,
          definitions,
          transport: options.transport,
          state: options.state ?? appSyncState,
          topics: options.topics,
          waitForLeadership: multiInstance,
          retryMs: options.retryMs,
        });
  return {
    db,
    collections,
    replication,
    async close() {
      await replication?.cancel();
      await db.close();
    },
  };
}

/** Sign-out "remove local data": delete the account's database from this device. */
export async function removeLocalData(userId: string): Promise<void> {
  await removeRxDatabase(databaseName(userId), await baseStorage('dexie'), true);
}
