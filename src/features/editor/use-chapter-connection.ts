/** The live sync state and presence of one chapter document (see collab-provider.ts). */
import { useSyncExternalStore } from 'react';
import { connectionOf, subscribeConnections, type ChapterConnection } from './collab-provider';

export function useChapterConnection(docName: string): ChapterConnection {
  return useSyncExternalStore(
    subscribeConnections,
    () => connectionOf(docName),
    () => connectionOf(docName),
  );
}
