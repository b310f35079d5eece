/**
 * RxDB's Dexie storage answers a query by walking an IndexedDB cursor: one `continue()` and one
 * event per document, so a book's 3,000 annotations took about 200 ms of Chromium's time even
 * when warm (`npm run bench:localdb`). This wrapper asks the same index for the same key range
 * with one `getAll()` instead, then filters, sorts and pages the rows as RxDB does.
 * Everything else (writes, counts, changes, cleanup) stays RxDB's.
 */
import { getProperty, getQueryMatcher, getSortComparator, setProperty, type PreparedQuery, type RxStorage, type RxStorageInstance } from 'rxdb';
import {
  DEXIE_DOCS_TABLE_NAME,
  DEXIE_PIPE_SUBSTITUTE,
  dexieReplaceIfStartsWithPipe,
  fromDexieToStorage,
  getKeyRangeByQueryPlan,
  type RxStorageInstanceDexie,
} from 'rxdb/plugins/storage-dexie';

/** Whether a stored row has a key RxDB renamed on the way in ('|…' is stored as '__…'). */
function hasRenamedKeys(value: unknown): boolean {
  if (!value || typeof value !== 'object') return false;
  if (Array.isArray(value)) return value.some(hasRenamedKeys);
  for (const key in value) if (key.startsWith(DEXIE_PIPE_SUBSTITUTE) || hasRenamedKeys((value as Record<string, unknown>)[key])) return true;
  return false;
}

/**
 * RxDB's `fromDexieToStorage`, without its deep copy: a row `getAll()` returned is a fresh
 * structured clone nobody else holds, and copying 3,000 of them cost 10–35 ms. Only rows with
 * renamed keys (none of Quire's schemas has one) take RxDB's own way.
 */
function toStorage(booleanIndexes: string[], row: any) {
  if (hasRenamedKeys(row)) return fromDexieToStorage(booleanIndexes, row);
  for (const path of booleanIndexes) setProperty(row, path, getProperty(row, path) === '1');
  return row;
}

async function readByIndex(instance: RxStorageInstanceDexie<any>, prepared: PreparedQuery<any>) {
  const state = await instance.internals;
  const { query, queryPlan } = prepared;
  const skip = query.skip ?? 0;
  const end = typeof query.limit === 'number' ? skip + query.limit : Infinity;
  const matches = queryPlan.selectorSatisfiedByIndex ? null : getQueryMatcher(instance.schema, query);
  let keyRange: unknown;
  try {
    keyRange = getKeyRangeByQueryPlan(state.booleanIndexes, queryPlan, (state.dexieDb as any)._options.IDBKeyRange);
  } catch (error) {
    if ((error as Error).name === 'DataError') return { documents: [] };
    throw error;
  }
  const indexName = `[${queryPlan.index.map(dexieReplaceIfStartsWithPipe).join('+')}]`;
  // Only when every row in range is an answer, in the answer's order, may IndexedDB stop early.
  const count = !matches && queryPlan.sortSatisfiedByIndex && Number.isFinite(end) ? end : undefined;
  let rows: any[] = [];
  await state.dexieDb.transaction('r', state.dexieTable, async (dexieTx: any) => {
    const request = dexieTx.idbtrans.objectStore(DEXIE_DOCS_TABLE_NAME).index(indexName).getAll(keyRange, count);
    rows = await new Promise<any[]>((resolve, reject) => {
      request.onsuccess = () => resolve(request.result);
      request.onerror = () => reject(request.error);
    });
  });
  let documents = rows.map((row) => toStorage(state.booleanIndexes, row));
  if (matches) documents = documents.filter((doc) => matches(doc));
  if (!queryPlan.sortSatisfiedByIndex) documents.sort(getSortComparator(instance.schema, query));
  return { documents: documents.slice(skip, end) };
}

/** The Dexie storage, answering queries with one `getAll()` per query. */
export function withIndexReads(storage: RxStorage<any, any>): RxStorage<any, any> {
  return {
    name: storage.name,
    rxdbVersion: storage.rxdbVersion,
    async createStorageInstance(params) {
      const instance = (await storage.createStorageInstance(params)) as RxStorageInstance<any, any, any>;
      instance.query = (prepared) => readByIndex(instance as unknown as RxStorageInstanceDexie<any>, prepared);
      return instance;
    },
  };
}
