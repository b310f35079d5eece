/**
 * The store as several instances use it (relay.ts): appends numbered by the database, and a
 * compaction that keeps what another instance stored even when its own copy has not seen it.
 */
import { afterEach, expect, it } from 'vitest';
import * as Y from 'yjs';
import { buildTestContext, type TestContext } from '../test/test-context';
import { CollabStore } from './store';

let t: TestContext;
afterEach(() => t?.close());

function typed(text: string): { doc: Y.Doc; update: Uint8Array } {
  const doc = new Y.Doc();
  let update!: Uint8Array;
  doc.once('update', (u: Uint8Array) => (update = u));
  doc.getText('t').insert(0, text);
  return { doc, update };
}

async function textOf(store: CollabStore, docName: string): Promise<string> {
  const stored = await store.load(docName);
  const doc = new Y.Doc();
  if (stored.snapshot) Y.applyUpdate(doc, stored.snapshot);
  for (const u of stored.updates) Y.applyUpdate(doc, u);
  return doc.getText('t').toString();
}

it('numbers appends in the database and compacts without dropping what the compacting copy never saw', async () => {
  t = await buildTestContext();
  const store = new CollabStore(t.ctx.db, t.ctx.now);
  const mine = typed('mine ');
  const theirs = typed('theirs ');
  // Two instances append to one document: neither knows the other's count.
  await store.appendNext('chapter:x', mine.update);
  await store.appendNext('chapter:x', theirs.update);
  expect((await store.load('chapter:x')).lastSeq).toBe(2);

  // The first instance compacts with only its own edit in memory.
  expect(await store.compactMerged('chapter:x', Y.encodeStateAsUpdate(mine.doc))).toBe(true);
  const text = await textOf(store, 'chapter:x');
  expect(text).toContain('mine');
  expect(text).toContain('theirs');
  // The highest row stays, so the next append never reuses a number a slower compaction read.
  expect(await store.updateCount('chapter:x')).toBe(1);
  await store.appendNext('chapter:x', typed('later ').update);
  expect((await store.load('chapter:x')).lastSeq).toBe(3);

  // A second compaction folds the snapshot, the rows and its own copy together again.
  expect(await store.compactMerged('chapter:x', Y.encodeStateAsUpdate(theirs.doc))).toBe(true);
  expect(await textOf(store, 'chapter:x')).toMatch(/later/);
  expect(await textOf(store, 'chapter:x')).toMatch(/mine/);
});

it('gives every append of writers racing on one document its own number', async () => {
  t = await buildTestContext();
  // Two stores are two instances; on PostgreSQL their statements run on separate connections at once.
  const stores = [new CollabStore(t.ctx.db, t.ctx.now), new CollabStore(t.ctx.db, t.ctx.now)];
  const words = Array.from({ length: 200 }, (_, i) => `w${i} `);
  await Promise.all(words.map((word, i) => stores[i % 2]!.appendNext('chapter:race', typed(word).update)));
  const stored = await stores[0]!.load('chapter:race');
  expect(stored.updates).toHaveLength(200);
  expect(stored.lastSeq).toBe(200);
  expect((await textOf(stores[0]!, 'chapter:race')).split(' ').filter(Boolean).sort()).toEqual(words.map((w) => w.trim()).sort());
});
