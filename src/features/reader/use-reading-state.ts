/**
 * The replicated reading state of one book: the progress document (written a moment after the
 * reader stops turning, so a burst of turns is one write) and the book's annotations.
 */
import { useCallback, useEffect, useMemo, useRef } from 'react';
import { progressId, type LibraryProgress } from '../../../sync/collections/library-progress';
import type { Annotation } from '../../../sync/collections/annotations';
import type { TextQuote } from '../../../sync/collections/text-quote';
import { loadDatabase } from '../../db/database-loader';
import { useCollection, useLiveDocs } from '../../db/use-live-docs';

const SAVE_DELAY_MS = 600;

/**
 * This device's last position in a book, kept in localStorage too: the reader opens there at
 * once instead of waiting for the local database (hundreds of ms on a cold start), and follows
 * the replicated position when that turns out to be newer (another device).
 */
const rememberKey = (userId: string, bookId: string) => `quire-reader-position:${userId}:${bookId}`;

export function rememberedPosition(userId: string, bookId: string): LibraryProgress['position'] | null {
  try {
    const raw = localStorage.getItem(rememberKey(userId, bookId));
    return raw ? (JSON.parse(raw) as LibraryProgress['position']) : null;
  } catch {
    return null; // storage disabled or a damaged entry: open at the start
  }
}

function remember(userId: string, bookId: string, position: LibraryProgress['position']) {
  try {
    localStorage.setItem(rememberKey(userId, bookId), JSON.stringify(position));
  } catch {
    // Full or disabled storage only costs the instant resume.
  }
}

export function useProgress(userId: string, bookId: string) {
  const id = progressId(userId, bookId);
  const { docs, loading } = useLiveDocs('library-progress', { selector: { id } });
  const collection = useCollection('library-progress');
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const pending = useRef<LibraryProgress['position'] | null>(null);
  const flush = useCallback(async () => {
    clearTimeout(timer.current);
    const position = pending.current;
    if (!position) return;
    remember(userId, bookId, position);
    // Before the database opens the position waits here; the effect below writes it then.
    if (!collection) return;
    pending.current = null;
    await collection.upsert({ id, ownerId: userId, bookId, position, updatedAt: Date.now() });
  }, [collection, id, userId, bookId]);
  const save = useCallback(
    (position: LibraryProgress['position']) => {
      pending.current = position;
      clearTimeout(timer.current);
      timer.current = setTimeout(() => void flush(), SAVE_DELAY_MS);
    },
    [flush],
  );
  useEffect(() => {
    if (collection && pending.current) void flush();
  }, [collection, flush]);
  // Leaving the reader writes the last position rather than dropping it.
  useEffect(() => () => void flush(), [flush]);
  return { progress: docs[0] ?? null, loading: loading || !collection, save, flush };
}

const newId = () => crypto.randomUUID().replace(/-/g, '');

export function useAnnotations(userId: string, bookId: string) {
  const { docs } = useLiveDocs('annotations', { selector: { ownerId: userId, bookId } });
  const collection = useCollection('annotations');
  const add = useCallback(
    async (a: { kind: Annotation['kind']; chapterId: string; quote: TextQuote; colour?: Annotation['colour']; note?: string }) => {
      const now = Date.now();
      const doc: Annotation = { id: newId(), ownerId: userId, bookId, colour: 'yellow', note: '', ...a, createdAt: now, updatedAt: now };
      // A tap made while the database is still opening (just after a reload) waits for it: a
      // bookmark or highlight the reader saw themselves make is never dropped.
      await (collection ?? (await loadDatabase(userId)).collections.annotations).insert(doc);
      return doc;
    },
    [collection, userId, bookId],
  );
  const update = useCallback(
    async (id: string, patch: Partial<Pick<Annotation, 'colour' | 'note'>>) => {
      await (await collection?.findOne(id).exec())?.incrementalPatch({ ...patch, updatedAt: Date.now() });
    },
    [collection],
  );
  const remove = useCallback(
    async (id: string) => {
      await (await collection?.findOne(id).exec())?.incrementalRemove();
    },
    [collection],
  );
  // Sorted here rather than in the query: createdAt is not indexed.
  // Memoised: the views re-apply highlights when this array changes identity.
  const annotations = useMemo(() => [...docs].sort((a, b) => a.createdAt - b.createdAt), [docs]);
  return { annotations, add, update, remove };
}
