/** The library as its owner sees it: owned books with authors, cover and whether it is their own upload. */
import type { LibraryBook } from '../../sync/api/library';
import { assetUrl } from '../books/epub/assets';
import { authorNamesByBook } from '../books/queries';
import type { AppContext } from '../context';

/** The owner's library, newest first; `onlyBookId` narrows it to one book (an upload's answer). */
export async function libraryBooks(ctx: AppContext, userId: string, onlyBookId?: string): Promise<LibraryBook[]> {
  let query = ctx.db
    .selectFrom('libraryEntries')
    .innerJoin('books', 'books.id', 'libraryEntries.bookId')
    .leftJoin('sideloads', 'sideloads.bookId', 'libraryEntries.bookId')
    .select([
      'books.id',
      'books.title',
      'books.subtitle',
      'books.coverPath',
      'libraryEntries.source',
      'libraryEntries.acquiredAt',
      'sideloads.ownerId as sideloadedBy',
    ])
    .where('libraryEntries.userId', '=', userId);
  if (onlyBookId !== undefined) query = query.where('libraryEntries.bookId', '=', onlyBookId);
  const rows = await query.orderBy('libraryEntries.acquiredAt', 'desc').orderBy('books.id').execute();
  if (rows.length === 0) return [];
  const authors = await authorNamesByBook(
    ctx,
    rows.map((r) => r.id),
  );
  return rows.map((r) => ({
    id: r.id,
    title: r.title,
    subtitle: r.subtitle,
    authors: authors.get(r.id) ?? [],
    coverUrl: r.coverPath ? assetUrl(r.id, r.coverPath) : null,
    source: r.source,
    acquiredAt: r.acquiredAt,
    sideloaded: r.sideloadedBy === userId,
  }));
}
