/**
 * The page `npm run bench:localdb` (scripts/bench-localdb.ts) builds and opens in Chromium: the
 * app's own database module (src/db/database.ts) on Dexie storage, as the production app opens
 * it (several tabs, no schema validation), without replication. It seeds a 10,000-document
 * account and times, per page load, the first open, the first query of 3,000 documents and single
 * inserts. Its functions are called by the benchmark through `window.quireBench`.
 */
import type { QuireDatabase } from '../src/db/database';

const USER = 'bench';
const BOOK = 'bench-book';
const quote = (i: number) => ({ exact: `words of passage ${i}`, prefix: 'before ', suffix: ' after' });
const annotation = (id: string, bookId: string, i: number) => ({
  id,
  ownerId: USER,
  bookId,
  kind: 'highlight' as const,
  chapterId: `ch-${i % 40}`,
  quote: quote(i),
  colour: 'yellow' as const,
  note: i % 5 === 0 ? 'A note on this passage, as readers write them.' : '',
  createdAt: 1_700_000_000_000 + i,
  updatedAt: 1_700_000_000_000 + i,
});
const progress = (i: number) => ({
  id: `${USER}:book-${i}`,
  ownerId: USER,
  bookId: `book-${i}`,
  position: { chapterId: `ch-${i % 40}`, quote: quote(i), chapterFraction: 0.5, progress: (i % 100) / 100 },
  updatedAt: 1_700_000_000_000 + i,
});
const list = (i: number) => ({
  id: `list-${i}`,
  ownerId: USER,
  name: `List ${i}`,
  description: 'A benchmark list',
  visibility: 'private' as const,
  items: Array.from({ length: 5 }, (_, k) => ({ bookId: `book-${(i + k) % 1000}`, note: '', position: k })),
  createdAt: 1_700_000_000_000 + i,
  updatedAt: 1_700_000_000_000 + i,
});

/** How many documents of each kind the account holds; the one book's annotations are the big query. */
export interface SeedCounts {
  bookAnnotations: number;
  otherAnnotations: number;
  progress: number;
  lists: number;
}

let database: QuireDatabase | null = null;

async function open(): Promise<{ importMs: number; openMs: number }> {
  const started = performance.now();
  const { openDatabase } = await import('../src/db/database');
  const imported = performance.now();
  database = await openDatabase({ userId: USER, transport: { baseUrl: '', fetch: (...args) => fetch(...args) }, multiInstance: true, replicate: false });
  return { importMs: imported - started, openMs: performance.now() - started };
}

async function seed(counts: SeedCounts): Promise<number> {
  const c = database!.collections;
  await c.annotations.bulkInsert(Array.from({ length: counts.bookAnnotations }, (_, i) => annotation(`a-${i}`, BOOK, i)));
  await c.annotations.bulkInsert(Array.from({ length: counts.otherAnnotations }, (_, i) => annotation(`o-${i}`, `book-${i % 30}`, i)));
  await c['library-progress'].bulkInsert(Array.from({ length: counts.progress }, (_, i) => progress(i)));
  await c['reading-lists'].bulkInsert(Array.from({ length: counts.lists }, (_, i) => list(i)));
  const perCollection = await Promise.all(Object.values(c).map((collection) => collection.count().exec()));
  return perCollection.reduce((a, b) => a + b, 0);
}

/** The reader's annotations query (use-reading-state.ts), as the app reads it: documents to JSON. */
async function query(): Promise<{ ms: number; docs: number }> {
  const started = performance.now();
  const found = await database!.collections.annotations.find({ selector: { ownerId: USER, bookId: BOOK } }).exec();
  const docs = found.map((d) => d.toJSON());
  return { ms: performance.now() - started, docs: docs.length };
}

/** Single inserts, each awaited as the app awaits a write (an annotation added in the reader). */
async function writes(n: number, run: number): Promise<number[]> {
  const times: number[] = [];
  for (let i = 0; i < n; i++) {
    const started = performance.now();
    await database!.collections.annotations.insert(annotation(`w-${run}-${i}`, BOOK, i));
    times.push(performance.now() - started);
  }
  // The writes leave again so every run queries the same 3,000.
  await database!.collections.annotations.bulkRemove(Array.from({ length: n }, (_, i) => `w-${run}-${i}`));
  return times;
}

async function close(): Promise<void> {
  await database?.close();
  database = null;
}

Object.assign(window, { quireBench: { open, seed, query, writes, close } });
