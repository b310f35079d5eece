/**
 * React access to the local database: <DatabaseProvider> opens the signed-in account's database
 * in the background once the page has painted (the app renders at once and never waits for it),
 * useDatabase() returns it or null while it opens, useSyncState() follows the sync badge's store.
 */
import { createContext, useContext, useEffect, useState, useSyncExternalStore, type ReactNode } from 'react';
import type { QuireDatabase } from './database';
import { loadDatabase } from './database-loader';
import { syncState, type SyncSnapshot } from './sync-state';

const DatabaseContext = createContext<QuireDatabase | null>(null);

/** At most this long after mounting, the open starts even if the page never goes idle. */
const OPEN_WHEN_IDLE_WITHIN_MS = 1_000;

/** Runs `task` when the browser is next idle (after first paint); returns a cancel function. */
function whenIdle(task: () => void): () => void {
  if (typeof requestIdleCallback === 'undefined') {
    const timer = setTimeout(task, 0);
    return () => clearTimeout(timer);
  }
  const handle = requestIdleCallback(task, { timeout: OPEN_WHEN_IDLE_WITHIN_MS });
  return () => cancelIdleCallback(handle);
}

/** `userId` null (signed out): no database, and children render as usual. */
export function DatabaseProvider({ userId, children }: { userId: string | null; children: ReactNode }) {
  const [database, setDatabase] = useState<QuireDatabase | null>(null);
  useEffect(() => {
    if (!userId) return;
    let active = true;
    // Opening parses RxDB and reads IndexedDB: keep it off the page's first paint.
    const cancel = whenIdle(() => {
      loadDatabase(userId).then(
        (db) => active && setDatabase(db),
        (error: unknown) => {
          console.error('The local database could not be opened', error);
          syncState.set({ status: 'error', message: "This device's storage could not be opened." });
        },
      );
    });
    return () => {
      active = false;
      cancel();
      setDatabase(null);
    };
  }, [userId]);
  return <DatabaseContext.Provider value={database}>{children}</DatabaseContext.Provider>;
}

/** The account's database, or null while it opens (render from what you have; never block). */
export function useDatabase(): QuireDatabase | null {
  return useContext(DatabaseContext);
}

export function useSyncState(): SyncSnapshot & { retry(): void } {
  const snapshot = useSyncExternalStore(syncState.subscribe, syncState.get, syncState.get);
  return { ...snapshot, retry: syncState.retry };
}
