/**
 * A book's store page (/book/{id}): the card plus what a buyer weighs up. Only published books
 * have one; unlisted and unpublished ones are not found here (their owners still read them). The
 * same for every viewer: ownership comes from the viewer's library.
 */
import type { StoreBook } from '../../sync/api/store';
import { sampleChapterId } from '../../sync/books/entitlement';
import { genreName } from '../../sync/store/genres';
import type { AppContext } from '../context';
import { authorNamesByBook } from '../books/queries';
import { discountRuns, listedBooks, toCard, type ListedRow } from './listing';
import { imageSets } from '../images/image-sets';

/** Words per printed page, for books whose publisher gave no page count. */
const WORDS_PER_PAGE = 250;

export async function storeBook(ctx: AppContext, bookId: string): Promise<StoreBook | null> {
  if (bookId.length > 64) return null;
  const now = ctx.now();
  const row = await listedBooks(ctx)
    .leftJoin('imprints', 'imprints.id', 'books.imprintId')
    .select((eb) => [
      'imprints.storeSlug',
      'books.description',
      'books.publisherName',
      'books.isbn',
      'books.pageCount',
      'books.language',
      'books.series',
      'books.seriesNumber',
      'books.ageRating',
      'books.keywords',
      eb.case().when(discountRuns(eb, now)).then(eb.ref('books.discountEndsAt')).else(null).end().as('discountEndsAt'),
    ])
    .where('books.id', '=', bookId)
    .executeTakeFirst();
  if (!row) return null;
  const [contributors, genres, chapters, authors] = await Promise.all([
    // Only active accounts have an author page to link to.
    ctx.db
      .selectFrom('bookContributors')
      .leftJoin('users', (join) => join.onRef('users.id', '=', 'bookContributors.userId').on('users.status', '=', 'active'))
      .select(['bookContributors.name', 'bookContributors.role', 'users.id as userId'])
      .where('bookContributors.bookId', '=', bookId)
      .orderBy('bookContributors.ord')
      .execute(),
    ctx.db.selectFrom('bookGenres').select('code').where('bookId', '=', bookId).orderBy('code').execute(),
    ctx.db.selectFrom('bookChapters').select(['id', 'linear', 'wordCount']).where('bookId', '=', bookId).orderBy('ord').execute(),
    authorNamesByBook(ctx, [bookId]),
  ]);
  const coverHash = (row as ListedRow).coverHash;
  const coverSet = coverHash ? (await imageSets(ctx.db, [coverHash])).get(coverHash) : undefined;
  const words = chapters.reduce((sum, c) => sum + c.wordCount, 0);
  return {
    ...toCard(row as ListedRow, authors.get(bookId) ?? [], coverSet),
    description: row.description,
    contributors: contributors.map((c) => ({ name: c.name, role: c.role, authorId: c.userId })),
    publisher: row.publisherName,
    publisherStore: row.storeSlug,
    isbn: row.isbn,
    pageCount: row.pageCount ?? Math.max(1, Math.round(words / WORDS_PER_PAGE)),
    language: row.language,
    genres: genres.map((g) => ({ code: g.code, name: genreName(g.code) })),
    sampleChapterId: sampleChapterId(chapters.map((c) => ({ id: c.id, linear: c.linear === 1 }))) ?? null,
    discountEndsAt: row.discountEndsAt,
    series: row.series ? { name: row.series, number: row.seriesNumber } : null,
    ageRating: row.ageRating,
    keywords: JSON.parse(row.keywords) as string[],
  };
}
