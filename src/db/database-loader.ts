/**
 * Lazy access to the account's database. rxdb and dexie load only through the dynamic import
 * below, so they stay out of the first-load bundle; one database is open at a time, reused
 * across renders (React StrictMode mounts twice) and closed when the account changes.
 */
import type { StreamTopic } from '../../sync/replication/stream';
import type { QuireDatabase } from './database';
import { serverTopics } from './server-topics';
import { storageWorker } from './storage-worker-start';
import { syncState, type SyncSnapshot } from './sync-state';

let current: { userId: string; promise: Promise<QuireDatabase>; closers: (() => void)[] } | null = null;

/** Only the leader tab replicates; it shares its sync state with the other tabs. */
function shareState(userId: string, database: QuireDatabase): BroadcastChannel | null {
  if (typeof BroadcastChannel === 'undefined') return null;
  const channel = new BroadcastChannel(`quire-sync-state-${userId}`);
  syncState.subscribe(() => {
    if (database.db.isLeader()) channel.postMessage(syncState.get());
  });
  channel.onmessage = (event: MessageEvent<SyncSnapshot>) => {
    if (!database.db.isLeader()) syncState.set(event.data);
  };
  return channel;
}

/** The stream's topic events reach the leader tab; the others hear them from it. */
function shareTopics(userId: string, database: QuireDatabase): () => void {
  if (typeof BroadcastChannel === 'undefined') return () => undefined;
  const channel = new BroadcastChannel(`quire-server-topics-${userId}`);
  const unsubscribe = serverTopics.subscribe((topic) => {
    if (database.db.isLeader()) channel.postMessage(topic);
  });
  channel.onmessage = (event: MessageEvent<StreamTopic | null>) => {
    if (!database.db.isLeader()) serverTopics.emit(event.data);
  };
  return () => {
    unsubscribe();
    channel.close();
  };
}

export function loadDatabase(userId: string): Promise<QuireDatabase> {
  if (current?.userId === userId) return current.promise;
  const previous = current;
  const entry: NonNullable<typeof current> = { userId, closers: [], promise: Promise.resolve(null as never) };
  entry.promise = (async () => {
    await closeEntry(previous);
    // Timed so journeys and probes can read how long the open takes (performance.getEntriesByName).
    performance.mark('quire:db-open:start');
    storageWorker();
    const { openDatabase } = await import('./database');
    performance.mark('quire:db-open:loaded');
    const database = await openDatabase({ userId, transport: { baseUrl: '', fetch: (...args) => fetch(...args) }, multiInstance: true });
    performance.measure('quire:db-open', 'quire:db-open:start');
    performance.measure('quire:db-open:import', 'quire:db-open:start', 'quire:db-open:loaded');
    const state = shareState(userId, database);
    entry.closers.push(() => state?.close(), shareTopics(userId, database));
    // Reconnect the moment the browser is back online rather than after the back-off.
    window.addEventListener('online', () => database.replication?.reconnect());
    return database;
  })();
  current = entry;
  return entry.promise;
}

async function closeEntry(entry: typeof current) {
  if (!entry) return;
  for (const close of entry.closers) close();
  const database = await entry.promise.catch(() => null);
  await database?.close();
}

/** Sign-out: close the database; with `removeData`, delete it from this device too. */
export async function closeDatabase(options: { removeData?: boolean } = {}) {
  const entry = current;
  current = null;
  await closeEntry(entry);
  syncState.set({ status: 'signed-out', pending: 0, pendingKeys: [], refused: 0, message: null });
  if (entry && options.removeData) await (await import('./database')).removeLocalData(entry.userId);
}
