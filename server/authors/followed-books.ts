/**
 * "New from authors you follow" on the signed-in home page: store books by the authors the person
 * follows, published in the last FOLLOWED_NEW_BOOKS_DAYS, newest first, leaving out the books
 * already in their library.
 */
import { FOLLOWED_NEW_BOOKS_DAYS, FOLLOWED_NEW_BOOKS_MAX } from '../../sync/api/authors';
import type { StoreBookCard } from '../../sync/api/store';
import type { AppContext } from '../context';
import { DAY } from '../limits';
import { listedBooks, toCards } from '../store/listing';
import { followedAuthorIds } from './follows';

const AUTHOR_ROLES = ['author', 'co-author'];

export async function followedNewBooks(ctx: AppContext, userId: string): Promise<StoreBookCard[]> {
  const since = ctx.now() - FOLLOWED_NEW_BOOKS_DAYS * DAY;
  const rows = await listedBooks(ctx)
    .where('books.id', 'in', (eb) =>
      eb
        .selectFrom('bookContributors')
        .select('bookContributors.bookId')
        .where('bookContributors.userId', 'in', followedAuthorIds(ctx.db, userId))
        .where('bookContributors.role', 'in', AUTHOR_ROLES),
    )
    .where('books.publishedAt', '>=', since)
    .where('books.id', 'not in', (eb) => eb.selectFrom('libraryEntries').select('libraryEntries.bookId').where('libraryEntries.userId', '=', userId))
    .orderBy('books.publishedAt', 'desc')
    .orderBy('books.id')
    .limit(FOLLOWED_NEW_BOOKS_MAX)
    .execute();
  return toCards(ctx, rows);
}
