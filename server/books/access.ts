/**
 * The policy for reading a book: gathers the facts the shared entitlement rule needs (library
 * entry, contributor link, publication) and answers with a BookAccess. Handlers ask here and
 * never decide themselves.
 */
import { bookAccess, sampleChapterId, type BookAccess } from '../../sync/books/entitlement';
import type { SessionUser } from '../auth/sessions';
import type { AppContext } from '../context';
import type { BooksTable } from '../db/schema';

export interface BookForReading {
  book: Pick<BooksTable, 'id' | 'status' | 'priceCents' | 'coverPath'>;
  access: BookAccess;
  sampleChapterId: string | undefined;
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
  const [owned, contributed, chapters] = await Promise.all([
    user ? ctx.db.selectFrom('libraryEntries').select('bookId').where('userId', '=', user.id).where('bookId', '=', bookId).executeTakeFirst() : undefined,
    user ? ctx.db.selectFrom('bookContributors').select('bookId').where('userId', '=', user.id).where('bookId', '=', bookId).executeTakeFirst() : undefined,
    ctx.db.selectFrom('bookChapters').select(['id', 'linear']).where('bookId', '=', bookId).orderBy('ord').execute(),
  ]);
  const access = bookAccess({
    viewer: user ? { roles: user.roles, status: user.status } : null,
    published: book.status === 'published',
    // A sideloaded book is its uploader's alone, whatever else links to it.
    owns: sideloadedBy !== null ? sideloadedBy === user?.id : owned !== undefined,
    contributes: contributed !== undefined,
    private: sideloadedBy !== null,
  });
  return { book, access, sampleChapterId: sampleChapterId(chapters.map((c) => ({ id: c.id, linear: c.linear === 1 }))) };
}
