/** Reads a stored book back into the canonical format (the inverse of saveBook). */
import { bookHeadSchema, CanonicalBookSchema, type CanonicalBook, type CanonicalBookHead, type Contributor } from '../../sync/book-format';
import type { AppContext } from '../context';

export interface StoredBook {
  book: CanonicalBook;
  assetHashes: Record<string, string>;
  contributorUserIds: (string | null)[];
}

/** Absent fields stay absent, so a reloaded book compares equal to the one saved (saveBook's "unchanged"). */
function seriesOf(row: { series: string; seriesNumber: number | null }) {
  if (row.series === '') return {};
  return { series: row.series, ...(row.seriesNumber !== null ? { seriesNumber: row.seriesNumber } : {}) };
}

export async function loadBook(ctx: AppContext, id: string): Promise<StoredBook | null> {
  const [stored, chapters] = await Promise.all([
    loadBookHead(ctx, id),
    ctx.db
      .selectFrom('bookChapters')
      .select(['id', 'title', 'xhtml', 'linear', 'layout', 'pageSpread', 'viewportWidth', 'viewportHeight'])
      .where('bookId', '=', id)
      .orderBy('ord')
      .execute(),
  ]);
  if (!stored) return null;
  const book = CanonicalBookSchema.parse({
    ...stored.book,
    chapters: chapters.map(({ linear, layout, pageSpread, viewportWidth, viewportHeight, ...c }) => ({
      ...c,
      linear: linear === 1,
      layout,
      ...(pageSpread ? { pageSpread } : {}),
      ...(viewportWidth !== null && viewportHeight !== null ? { viewport: { width: viewportWidth, height: viewportHeight } } : {}),
    })),
  });
  return { ...stored, book };
}

/** A stored book without its chapters (saveBook compares a streamed import's head with it, decision 060). */
export async function loadBookHead(ctx: AppContext, id: string): Promise<(Omit<StoredBook, 'book'> & { book: CanonicalBookHead }) | null> {
  const row = await ctx.db.selectFrom('books').selectAll().where('id', '=', id).executeTakeFirst();
  if (!row) return null;
  const [contributors, assets] = await Promise.all([
    ctx.db.selectFrom('bookContributors').selectAll().where('bookId', '=', id).orderBy('ord').execute(),
    ctx.db.selectFrom('bookAssets').selectAll().where('bookId', '=', id).orderBy('path').execute(),
  ]);
  const book = bookHeadSchema(null).parse({
    metadata: {
      id: row.id,
      slug: row.slug,
      title: row.title,
      subtitle: row.subtitle,
      description: row.description,
      language: row.language,
      contributors: contributors.map((c) => ({ name: c.name, role: c.role as Contributor['role'] })),
      publisher: row.publisherName,
      ...(row.isbn ? { isbn: row.isbn } : {}),
      priceCents: row.priceCents,
      currency: row.currency,
      genres: JSON.parse(row.genres) as string[],
      ...(row.publishedAt !== null ? { publishedAt: row.publishedAt } : {}),
      ...(row.issued !== null ? { issued: row.issued } : {}),
      ...seriesOf(row),
      ...(row.keywords !== '[]' ? { keywords: JSON.parse(row.keywords) as string[] } : {}),
      ...(row.ageRating !== null ? { ageRating: row.ageRating } : {}),
    },
    assets: assets.map((a) => ({ path: a.path, mediaType: a.mediaType })),
    ...(row.coverPath ? { coverPath: row.coverPath } : {}),
    toc: JSON.parse(row.toc),
    accessibility: JSON.parse(row.accessibility),
    direction: row.direction,
    writingMode: row.writingMode,
    stylesheets: JSON.parse(row.stylesheets),
    layout: row.layout,
    spread: row.spread,
  });
  return {
    book,
    assetHashes: Object.fromEntries(assets.map((a) => [a.path, a.blobHash])),
    contributorUserIds: contributors.map((c) => c.userId),
  };
}
