/**
 * In-process notices of replicated documents written on the server (a device's push or the
 * server's own write), after the write committed. Features that must react to a document change
 * — the collaboration server closing the sockets of a removed co-author — listen here instead of
 * the sync engine knowing about them. A listener's failure never fails the write.
 */
interface DocWrite {
  collection: string;
  id: string;
  /** The document as stored now. */
  doc: Record<string, unknown>;
  deleted: boolean;
  /** The stored document before this write (null for a new one, or when the server wrote it). */
  previous: Record<string, unknown> | null;
  /** Whose device pushed it; null when the server wrote it itself. */
  writerId: string | null;
}

type DocWriteListener = (write: DocWrite) => void | Promise<void>;

export interface DocEvents {
  emit(write: DocWrite): void;
  /** Listen to one collection's writes; returns the unsubscribe. */
  on(collection: string, listener: DocWriteListener): () => void;
}

export function createDocEvents(onError: (error: unknown) => void = (error) => console.error('doc event listener failed', error)): DocEvents {
  const byCollection = new Map<string, Set<DocWriteListener>>();
  return {
    emit(write) {
      for (const listener of byCollection.get(write.collection) ?? []) {
        try {
          void Promise.resolve(listener(write)).catch(onError);
        } catch (error) {
          onError(error);
        }
      }
    },
    on(collection, listener) {
      let set = byCollection.get(collection);
      if (!set) byCollection.set(collection, (set = new Set()));
      set.add(listener);
      return () => set.delete(listener);
    },
  };
}
