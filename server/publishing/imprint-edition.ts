/**
 * The edition of an imprint's book (decision 044): the book as it stands in `books` — its chapters
 * and assets from the EPUB the imprint uploaded — with the details its members saved on
 * /publisher/books/{id}/edit. For a book in the store, the chapters and assets are those of the
 * new files waiting beside it (imprint-drafts.ts, decision 065) when there are any. The asset
 * hashes travel with the edition, so approval stores the same bytes the reviewer read.
 */
import { CanonicalBookSchema } from '../../sync/book-format';
import { bookRoleOf } from '../../sync/publishing/contributors';
import type { PublishingMetadata } from '../../sync/publishing/metadata';
import { loadBook } from '../books/load-book';
import type { AppContext } from '../context';
import { conflict } from '../http/errors';
import { listingExtras, type EditionContent } from './edition';
import { loadImprintDraft } from './imprint-drafts';

export async function snapshotImprintBook(ctx: AppContext, bookId: string, metadata: PublishingMetadata) {
  const stored = await loadBook(ctx, bookId);
  if (!stored) throw conflict('The book was deleted.');
  // New files of a book in the store wait beside it (decision 065): the update is made of them.
  const files = (await loadImprintDraft(ctx.db, bookId)) ?? stored;
  const imprint = await ctx.db
    .selectFrom('books')
    .innerJoin('imprints', 'imprints.id', 'books.imprintId')
    .select('imprints.name')
    .where('books.id', '=', bookId)
    .executeTakeFirst();
  const m = stored.book.metadata;
  // Contributors whose names did not change keep the accounts behind them (author pages, earnings).
  const userOf = new Map(m.contributors.map((c, i) => [c.name.toLowerCase(), stored.contributorUserIds[i] ?? null]));
  const contributors = metadata.contributors.map((c) => ({ name: c.name, role: bookRoleOf(c.role) }));
  const book = CanonicalBookSchema.parse({
    ...files.book,
    metadata: {
      id: m.id,
      slug: m.slug,
      title: metadata.title,
      subtitle: metadata.subtitle,
      description: metadata.description,
      language: metadata.language,
      contributors,
      publisher: m.publisher || imprint?.name || '',
      ...(m.isbn ? { isbn: m.isbn } : {}),
      priceCents: metadata.priceCents,
      currency: metadata.currency,
      genres: metadata.genres,
      ...(m.issued ? { issued: m.issued } : {}),
      ...listingExtras(metadata),
    },
  });
  const content: EditionContent = {
    book,
    contributorUserIds: contributors.map((c) => userOf.get(c.name.toLowerCase()) ?? null),
    assetHashes: files.assetHashes,
  };
  return { listing: { bookId: m.id, slug: m.slug }, content };
}
