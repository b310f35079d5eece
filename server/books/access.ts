/**
 * The policy for reading a book: gathers the facts the shared entitlement rule needs (library
 * entry, contributor link, publication) and answers with a BookAccess. Handlers ask here and
 * never decide themselves.
 */
import { bookAccess, type BookAccess } from '../../sync/books/entitlement';
import type { SessionUser } from '../auth/sessions';
import type { AppContext } from '../context';
import type { BooksTable } from '../db/schema';

export interface BookForReading {
  book: Pick<BooksTable, 'id' | 'status' | 'priceCents' | 'coverPath'>;
  access: BookAccess;
  sampleChapterId: string | undefined;
  /** The sample chapter's position among the book's chapters. */
  sampleChapterOrd: number | undefined;
}

export async function accessToBook(ctx: AppContext, bookId: string, user: SessionUser | null | undefined): Promise<BookForReading | null> {
  if (bookId.length > 64) return null;
  const row = await ctx.db
    .selectFrom('books')
    .leftJoin('sideloads', 'sideloads.bookId', 'books.id')
    .select(['books.id', 'books.status', 'books.priceCents', 'books.coverPath', 'sideloads.ownerId as sideloadedBy'])
    .where('books.id', '=', bookId)
    .executeTakeFirst();
  if (!row) return null;
  const { sideloadedBy, ...book } = row;
  const [owned, contributed, sample] = await Promise.all([
    user ? ctx.db.selectFrom('libraryEntries').select('bookId').where('userId', '=', user.id).where('bookId', '=', bookId).executeTakeFirst() : undefined,
    user ? ctx.db.selectFrom('bookContributors').select('bookId').where('userId', '=', user.id).where('bookId', '=', bookId).executeTakeFirst() : undefined,
    sampleChapter(ctx, bookId),
  ]);
  const access = bookAccess({
    viewer: user ? { roles: user.roles, status: user.status } : null,
    published: book.status === 'published',
    // A sideloaded book is its uploader's alone, whatever else links to it.
    owns: sideloadedBy !== null ? sideloadedBy === user?.id : owned !== undefined,
    contributes: contributed !== undefined,
    private: sideloadedBy !== null,
  });
  return { book, access, sampleChapterId: sample?.id, sampleChapterOrd: sample?.ord };
}

/**
 * The free sample (sync/books/entitlement.ts sampleChapterId): the first linear chapter, else the
 * first. Two indexed look-ups, not a read of every chapter: this runs for each chapter of a
 * 10,000-chapter book that is opened.
 */
async function sampleChapter(ctx: AppContext, bookId: string): Promise<{ id: string; ord: number } | undefined> {
  const first = ctx.db.selectFrom('bookChapters').select(['id', 'ord']).where('bookId', '=', bookId).orderBy('ord').limit(1);
  return (await first.where('linear', '=', 1).executeTakeFirst()) ?? (await first.executeTakeFirst());
}
