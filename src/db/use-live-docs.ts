/**
 * How features read and write replicated collections. Reads are live: the component re-renders
 * on every local write and on every change replication brings in. Nothing here waits on the
 * network; before the database opens, `loading` is true and `docs` is empty.
 */
import { useEffect, useState } from 'react';
import type { MangoQuery, RxCollection } from 'rxdb';
import type { z } from 'zod';
import type { CollectionName, COLLECTIONS } from '../../sync/collections';
import { useDatabase } from './use-database';

export type DocOf<N extends CollectionName> = z.output<(typeof COLLECTIONS)[N]['schema']>;

/** The collection to write to (insert, incrementalPatch, remove), or null while it opens. */
export function useCollection<N extends CollectionName>(name: N): RxCollection<DocOf<N>> | null {
  const database = useDatabase();
  return (database?.collections[name] as RxCollection<DocOf<N>> | undefined) ?? null;
}

/** Live results of a Mango query (`selector`, `sort`, `limit`) on one collection. */
export function useLiveDocs<N extends CollectionName>(name: N, query: MangoQuery<DocOf<N>> = {}): { docs: DocOf<N>[]; loading: boolean } {
  const collection = useCollection(name);
  const key = JSON.stringify(query);
  const [state, setState] = useState<{ docs: DocOf<N>[]; loading: boolean }>({ docs: [], loading: true });
  useEffect(() => {
    if (!collection) return;
    const subscription = collection.find(JSON.parse(key)).$.subscribe((found) => {
      setState({ docs: found.map((d) => d.toJSON() as DocOf<N>), loading: false });
    });
    return () => subscription.unsubscribe();
  }, [collection, key]);
  return state;
}
