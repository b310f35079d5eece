/**
 * New files for an imprint's book that is in the store (decision 065). Buyers read the approved
 * edition in `books`; an EPUB or cover uploaded for such a book waits here, as a working copy,
 * until a submission takes it into an edition (imprint-edition.ts) and a reviewer approves it
 * (approval writes the edition through saveBook and deletes this row; rejection deletes it too).
 * A book that has never been in the store has no working copy: its files change the book itself.
 */
import type { PendingFileChanges } from '../../sync/api/publisher-books';
import type { CanonicalBook } from '../../sync/book-format';
import type { DB } from '../db/connection';

export interface ImprintDraft {
  book: CanonicalBook;
  assetHashes: Record<string, string>;
  changes: PendingFileChanges;
  updatedAt: number;
  updatedBy: string | null;
}

export async function loadImprintDraft(db: DB, bookId: string): Promise<ImprintDraft | null> {
  const row = await db.selectFrom('imprintBookDrafts').selectAll().where('bookId', '=', bookId).executeTakeFirst();
  if (!row) return null;
  return {
    book: JSON.parse(row.book) as CanonicalBook,
    assetHashes: JSON.parse(row.assetHashes) as Record<string, string>,
    changes: JSON.parse(row.changes) as PendingFileChanges,
    updatedAt: row.updatedAt,
    updatedBy: row.updatedBy,
  };
}

/** Just what the edit page shows (no chapters): the changes, when and by whom, and the new cover's blob. */
export async function draftSummary(db: DB, bookId: string) {
  return db
    .selectFrom('imprintBookDrafts as d')
    .leftJoin('users as u', 'u.id', 'd.updatedBy')
    .select(['d.changes', 'd.coverBlob', 'd.updatedAt', 'u.displayName'])
    .where('d.bookId', '=', bookId)
    .executeTakeFirst();
}

export async function storeImprintDraft(db: DB, bookId: string, draft: ImprintDraft): Promise<void> {
  const cover = draft.book.coverPath ? draft.assetHashes[draft.book.coverPath] : undefined;
  const values = {
    book: JSON.stringify(draft.book),
    assetHashes: JSON.stringify(draft.assetHashes),
    changes: JSON.stringify(draft.changes),
    // Held by its foreign key only when it is new: the live cover's blob is held by the book.
    coverBlob: draft.changes.cover && cover ? cover : null,
    updatedBy: draft.updatedBy,
    updatedAt: draft.updatedAt,
  };
  await db
    .insertInto('imprintBookDrafts')
    .values({ bookId, ...values })
    .onConflict((oc) => oc.column('bookId').doUpdateSet(values))
    .execute();
}

/** The working copy went into the store (approved) or will never go (rejected), or was discarded. */
export async function dropImprintDraft(db: DB, bookId: string): Promise<void> {
  await db.deleteFrom('imprintBookDrafts').where('bookId', '=', bookId).execute();
}

/** How many chapter titles the summary names at most, added or removed. */
const TITLES_NAMED = 12;

/**
 * What a new EPUB changes in the text, compared with the live book: chapters are the same chapter
 * when their ids are (an EPUB's chapter ids come from its manifest, so a corrected file keeps them,
 * and so do readers' places in them).
 */
export function chapterChanges(
  live: Pick<CanonicalBook, 'chapters'>,
  next: Pick<CanonicalBook, 'chapters'>,
  bytes: number,
): NonNullable<PendingFileChanges['epub']> {
  const before = new Map(live.chapters.map((c) => [c.id, c]));
  const after = new Set(next.chapters.map((c) => c.id));
  const added = next.chapters.filter((c) => !before.has(c.id));
  const removed = live.chapters.filter((c) => !after.has(c.id));
  const edited = next.chapters.filter((c) => {
    const old = before.get(c.id);
    return old !== undefined && (old.xhtml !== c.xhtml || old.title !== c.title);
  });
  const name = (c: { title: string }, i: number) => c.title || `Untitled ${i + 1}`;
  return {
    bytes,
    chaptersBefore: live.chapters.length,
    chaptersAfter: next.chapters.length,
    added: added.slice(0, TITLES_NAMED).map(name),
    removed: removed.slice(0, TITLES_NAMED).map(name),
    addedCount: added.length,
    removedCount: removed.length,
    edited: edited.length,
  };
}
