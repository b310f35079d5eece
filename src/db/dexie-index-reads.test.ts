import { IDBKeyRange, indexedDB } from 'fake-indexeddb';
import { createRxDatabase, normalizeMangoQuery, prepareQuery, type MangoQuery, type RxCollection, type RxDatabase } from 'rxdb';
import { dexieQuery, getRxStorageDexie, type RxStorageInstanceDexie } from 'rxdb/plugins/storage-dexie';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { withIndexReads } from './dexie-index-reads';

const schema = {
  version: 0,
  primaryKey: 'id',
  type: 'object',
  properties: {
    id: { type: 'string', maxLength: 40 },
    bookId: { type: 'string', maxLength: 40 },
    kind: { type: 'string', maxLength: 20 },
    pinned: { type: 'boolean' },
    at: { type: 'number', minimum: 0, maximum: 1e15, multipleOf: 1 },
    quote: { type: 'object', properties: { exact: { type: 'string' } } },
    tags: { type: 'array', items: { type: 'string' } },
  },
  required: ['id', 'bookId', 'kind', 'pinned', 'at'],
  indexes: ['bookId', ['pinned', 'at'], 'at'],
} as const;

let db: RxDatabase;
let notes: RxCollection;

beforeAll(async () => {
  db = await createRxDatabase({ name: 'index-reads', storage: withIndexReads(getRxStorageDexie({ indexedDB, IDBKeyRange })) });
  notes = (await db.addCollections({ notes: { schema: schema as never } })).notes!;
  await notes.bulkInsert(
    Array.from({ length: 120 }, (_, i) => ({
      id: `n-${String(i).padStart(3, '0')}`,
      bookId: `book-${i % 4}`,
      kind: i % 3 ? 'highlight' : 'bookmark',
      pinned: i % 5 === 0,
      at: (i * 37) % 120,
      quote: { exact: `passage ${i}` },
      tags: i % 2 ? ['a', 'b'] : [],
    })),
  );
  await notes.bulkRemove(['n-004', 'n-008', 'n-010']);
});

afterAll(() => db.remove());

const QUERIES: MangoQuery<any>[] = [
  { selector: { bookId: 'book-0' } },
  { selector: { bookId: 'book-1', kind: 'bookmark' } },
  { selector: { bookId: 'book-2' }, sort: [{ at: 'desc' }] },
  { selector: { pinned: true }, sort: [{ at: 'asc' }] },
  { selector: { pinned: false, at: { $gte: 30, $lt: 90 } }, skip: 5, limit: 10 },
  { selector: { at: { $gt: 100 } }, limit: 3 },
  { selector: { kind: 'highlight' }, sort: [{ at: 'desc' }], skip: 2, limit: 7 },
  { selector: { bookId: { $in: ['book-1', 'book-3'] } } },
  { selector: { bookId: 'none' } },
  { selector: {}, limit: 0 },
  { selector: {} },
];

describe('Dexie storage answering queries with one getAll()', () => {
  it.each(QUERIES.map((query) => [JSON.stringify(query), query] as const))('answers %s exactly as RxDB’s cursor does', async (_, query) => {
    const instance = notes.storageInstance as unknown as RxStorageInstanceDexie<any>;
    const jsonSchema = notes.schema.jsonSchema;
    const prepared = prepareQuery(jsonSchema, normalizeMangoQuery(jsonSchema, { ...query, selector: { ...query.selector, _deleted: false } }));
    const ours = await notes.storageInstance.query(prepared);
    const theirs = await dexieQuery(instance, prepared);
    expect(ours.documents).toEqual(theirs.documents);
  });

  it('gives back the stored documents, booleans and nested fields as written, deleted ones left out', async () => {
    const found = await notes.find({ selector: { bookId: 'book-0' }, sort: [{ id: 'asc' }] }).exec();
    expect(found.map((d) => d.id)).not.toContain('n-004');
    expect(found[0]!.toJSON()).toEqual({ id: 'n-000', bookId: 'book-0', kind: 'bookmark', pinned: true, at: 0, quote: { exact: 'passage 0' }, tags: [] });
    expect(found.every((d) => typeof d.get('pinned') === 'boolean')).toBe(true);
  });
});
