/**
 * The header's view of chapters holding edits the server has not acknowledged
 * (unsynced-chapters.ts): how many, and their background upload, started whenever there are some
 * and the browser is online — at start, on reconnect, and when a chapter is newly marked. The
 * upload's code (Yjs, sockets) loads only then.
 */
import { useCallback, useEffect, useSyncExternalStore } from 'react';
import { chapterStoragePrefix, unsyncedChapters } from '../editor/unsynced-chapters';
import { useOnline } from '../../ui';

export function useUnsyncedChapters(userId: string | null): number {
  const registry = userId ? unsyncedChapters(chapterStoragePrefix(userId)) : null;
  const subscribe = useCallback((listener: () => void) => registry?.subscribe(listener) ?? (() => undefined), [registry]);
  const count = useSyncExternalStore(
    subscribe,
    () => registry?.count ?? 0,
    () => 0,
  );
  const online = useOnline();
  const waiting = count > 0;
  useEffect(() => {
    if (!userId || !online || !waiting) return;
    void import('../editor/background-sync').then((m) => m.syncChapters(chapterStoragePrefix(userId)));
  }, [userId, online, waiting]);
  return count;
}
