/** The library as its owner sees it: owned books with authors, cover and whether it is their own upload. */
import type { LibraryBook } from '../../sync/api/library';
import { assetUrl } from '../books/epub/assets';
import { authorNamesByBook } from '../books/queries';
import type { AppContext } from '../context';
import { imageSets } from '../images/image-sets';

/** The owner's library, newest first; `onlyBookId` narrows it to one book (an upload's answer). */
export async function libraryBooks(ctx: AppContext, userId: string, onlyBookId?: string): Promise<LibraryBook[]> {
  let query = ctx.db
    .selectFrom('libraryEntries')
    .innerJoin('books', 'books.id', 'libraryEntries.bookId')
    .leftJoin('sideloads', 'sideloads.bookId', 'libraryEntries.bookId')
    .leftJoin('bookAssets', (join) => join.onRef('bookAssets.bookId', '=', 'books.id').onRef('bookAssets.path', '=', 'books.coverPath'))
    .select([
      'books.id',
      'books.title',
      'books.subtitle',
      'books.coverPath',
      'libraryEntries.source',
      'libraryEntries.acquiredAt',
      'sideloads.ownerId as sideloadedBy',
      'bookAssets.blobHash as coverHash',
    ])
    .where('libraryEntries.userId', '=', userId);
  if (onlyBookId !== undefined) query = query.where('libraryEntries.bookId', '=', onlyBookId);
  const rows = await query.orderBy('libraryEntries.acquiredAt', 'desc').orderBy('books.id').execute();
  if (rows.length === 0) return [];
  const [authors, sets] = await Promise.all([
    authorNamesByBook(
      ctx,
      rows.map((r) => r.id),
    ),
    imageSets(
      ctx.db,
      rows.map((r) => r.coverHash),
    ),
  ]);
  return rows.map((r) => ({
    id: r.id,
    title: r.title,
    subtitle: r.subtitle,
    authors: authors.get(r.id) ?? [],
    coverUrl: r.coverPath ? assetUrl(r.id, r.coverPath) : null,
    ...(r.coverHash && sets.has(r.coverHash) ? { coverSet: sets.get(r.coverHash) } : {}),
    source: r.source,
    acquiredAt: r.acquiredAt,
    sideloaded: r.sideloadedBy === userId,
  }));
}
