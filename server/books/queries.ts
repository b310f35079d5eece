/** Read-side queries of published books: cards for the home page, cover lookup. */
import type { BookCard } from '../../sync/api/books';
import type { AppContext } from '../context';
import { imageSets } from '../images/image-sets';

const HOME_ROW_LIMIT = 12;
const AUTHOR_ROLES = ['author', 'co-author'];

interface CardRow {
  id: string;
  slug: string;
  title: string;
  subtitle: string;
  priceCents: number;
  currency: string;
  coverHash: string | null;
}

function baseCardQuery(ctx: AppContext) {
  return ctx.db
    .selectFrom('books')
    .leftJoin('bookAssets', (join) => join.onRef('bookAssets.bookId', '=', 'books.id').onRef('bookAssets.path', '=', 'books.coverPath'))
    .select(['books.id', 'books.slug', 'books.title', 'books.subtitle', 'books.priceCents', 'books.currency', 'bookAssets.blobHash as coverHash'])
    .where('books.status', '=', 'published')
    .orderBy('books.publishedAt', 'desc')
    .orderBy('books.id')
    .limit(HOME_ROW_LIMIT);
}

/** The cover URL carries a piece of the blob hash, so a changed cover is a new URL and the old
 * one can be cached forever. */
export function coverUrl(bookId: string, hash: string | null): string | null {
  return hash ? `/api/books/${encodeURIComponent(bookId)}/cover?v=${hash.slice(0, 12)}` : null;
}

/** Author names per book, in credit order, for a page of books (one query). */
export async function authorNamesByBook(ctx: AppContext, bookIds: string[]): Promise<Map<string, string[]>> {
  const names = new Map<string, string[]>();
  if (bookIds.length === 0) return names;
  const contributors = await ctx.db
    .selectFrom('bookContributors')
    .select(['bookId', 'name'])
    .where('bookId', 'in', bookIds)
    .where('role', 'in', AUTHOR_ROLES)
    .orderBy('bookId')
    .orderBy('ord')
    .execute();
  for (const c of contributors) names.set(c.bookId, [...(names.get(c.bookId) ?? []), c.name]);
  return names;
}

async function toCards(ctx: AppContext, rows: CardRow[]): Promise<BookCard[]> {
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
    slug: r.slug,
    title: r.title,
    subtitle: r.subtitle,
    authors: authors.get(r.id) ?? [],
    priceCents: r.priceCents,
    currency: r.currency,
    coverUrl: coverUrl(r.id, r.coverHash),
    ...(r.coverHash && sets.has(r.coverHash) ? { coverSet: sets.get(r.coverHash) } : {}),
  }));
}

export async function homeBooks(ctx: AppContext): Promise<{ featured: BookCard[]; newReleases: BookCard[] }> {
  const [featured, newReleases] = await Promise.all([
    baseCardQuery(ctx).where('books.featured', '>', 0).clearOrderBy().orderBy('books.featured').execute(),
    baseCardQuery(ctx).execute(),
  ]);
  return { featured: await toCards(ctx, featured), newReleases: await toCards(ctx, newReleases) };
}

/**
 * The blob behind a book's cover. Covers of books never published are not public; an unlisted
 * book's cover still is (it was public, and its owners' libraries show it).
 */
export async function findCover(ctx: AppContext, bookId: string): Promise<{ hash: string; mediaType: string } | null> {
  const row = await ctx.db
    .selectFrom('books')
    .innerJoin('bookAssets', (join) => join.onRef('bookAssets.bookId', '=', 'books.id').onRef('bookAssets.path', '=', 'books.coverPath'))
    .select(['bookAssets.blobHash as hash', 'bookAssets.mediaType'])
    .where('books.id', '=', bookId)
    .where('books.status', 'in', ['published', 'unlisted'])
    .executeTakeFirst();
  return row ?? null;
}
