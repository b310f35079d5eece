/**
 * React access to the local database: <DatabaseProvider> opens the signed-in account's database
 * in the background (the app renders at once and never waits for it), useDatabase() returns it
 * or null while it opens, useSyncState() follows the sync badge's store.
 */
import { createContext, useContext, useEffect, useState, useSyncExternalStore, type ReactNode } from 'react';
import type { QuireDatabase } from './database';
import { loadDatabase } from './database-loader';
import { syncState, type SyncSnapshot } from './sync-state';

const DatabaseContext = createContext<QuireDatabase | null>(null);

/** `userId` null (signed out): no database, and children render as usual. */
export function DatabaseProvider({ userId, children }: { userId: string | null; children: ReactNode }) {
  const [database, setDatabase] = useState<QuireDatabase | null>(null);
  useEffect(() => {
    if (!userId) return;
    let active = true;
    loadDatabase(userId).then(
      (db) => active && setDatabase(db),
      (error: unknown) => {
        console.error('The local database could not be opened', error);
        syncState.set({ status: 'error', message: "This device's storage could not be opened." });
      },
    );
    return () => {
      active = false;
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
