/**
 * What "Continue reading" shows: the books in the library with a reading position, most recently
 * read first, leaving out finished ones. A small copy per account lives in localStorage so the row
 * paints at once, before the local database has opened (it opens when the page is idle).
 * The same storage remembers whether this account was greeted here before ("Welcome" the first
 * time, "Welcome back" after). No zod here: this is part of the home page's first load.
 */
import type { LibraryBook } from '../../../sync/api/library';
import type { LibraryProgress } from '../../../sync/collections/library-progress';

export interface ContinueItem {
  bookId: string;
  title: string;
  authors: string[];
  coverUrl: string | null;
  /** Fraction through the whole book, 0–1. */
  progress: number;
  updatedAt: number;
}

/** From here on a book counts as finished: the last page rarely reports exactly 1. */
const FINISHED_AT = 0.99;
export const CONTINUE_LIMIT = 6;

type ProgressLike = Pick<LibraryProgress, 'bookId' | 'updatedAt'> & { position: Pick<LibraryProgress['position'], 'progress'> };

/** Books (not manuscripts: they are not in `books`) being read, most recent first. */
export function pickInProgress(progress: ProgressLike[], books: LibraryBook[], limit = CONTINUE_LIMIT): ContinueItem[] {
  const byId = new Map(books.map((b) => [b.id, b]));
  return progress
    .filter((p) => p.position.progress < FINISHED_AT && byId.has(p.bookId))
    .sort((a, b) => b.updatedAt - a.updatedAt)
    .slice(0, limit)
    .map((p) => {
      const book = byId.get(p.bookId)!;
      return { bookId: book.id, title: book.title, authors: book.authors, coverUrl: book.coverUrl, progress: p.position.progress, updatedAt: p.updatedAt };
    });
}

type KeyValueStore = Pick<Storage, 'getItem' | 'setItem'>;
export const snapshotKey = (userId: string) => `quire:continue-reading:${userId}`;

function isItem(value: unknown): value is ContinueItem {
  const v = value as Partial<ContinueItem> | null;
  return (
    typeof v === 'object' &&
    v !== null &&
    typeof v.bookId === 'string' &&
    typeof v.title === 'string' &&
    Array.isArray(v.authors) &&
    v.authors.every((a) => typeof a === 'string') &&
    (v.coverUrl === null || typeof v.coverUrl === 'string') &&
    typeof v.progress === 'number' &&
    typeof v.updatedAt === 'number'
  );
}

/** The last list shown to this account on this device; [] when absent, unreadable or malformed. */
export function readSnapshot(storage: KeyValueStore, userId: string): ContinueItem[] {
  try {
    const parsed: unknown = JSON.parse(storage.getItem(snapshotKey(userId)) ?? '[]');
    return Array.isArray(parsed) && parsed.every(isItem) ? parsed.slice(0, CONTINUE_LIMIT) : [];
  } catch {
    return [];
  }
}

/** Storage may be full or disabled (private mode): the snapshot is only a head start. */
export function writeSnapshot(storage: KeyValueStore, userId: string, items: ContinueItem[]): void {
  try {
    storage.setItem(snapshotKey(userId), JSON.stringify(items.slice(0, CONTINUE_LIMIT)));
  } catch {
    // Nothing to do: the live list still shows.
  }
}

const greetedKey = (userId: string) => `quire:greeted:${userId}`;

/**
 * True the first time an account sees home on this device with nothing in progress (a new
 * account); records the visit so later ones say "Welcome back". Someone with reading under way
 * has been here before, whatever this device remembers.
 */
export function takeFirstVisit(storage: KeyValueStore, userId: string, hasReading: boolean): boolean {
  try {
    const first = !hasReading && storage.getItem(greetedKey(userId)) === null;
    storage.setItem(greetedKey(userId), '1');
    return first;
  } catch {
    return false;
  }
}
