/** Store books for tests: saved through saveBook, so genres and the search index are written as in production. */
import { newId } from '../http/ids';
import { saveBook } from '../books/save-book';
import type { BookStatus } from '../db/schema';
import type { TestContext } from '../test/test-context';

export interface StoreBookSpec {
  title: string;
  /** Saving again with the same slug changes that book. */
  slug?: string;
  subtitle?: string;
  authors?: string[];
  publisher?: string;
  description?: string;
  genres?: string[];
  language?: string;
  priceCents?: number;
  isbn?: string;
  publishedAt?: number;
  status?: BookStatus;
  /** The account behind the first author. */
  authorUserId?: string;
}

export async function saveStoreBook(t: TestContext, spec: StoreBookSpec): Promise<string> {
  const id = newId();
  const slug =
    spec.slug ??
    `${
      spec.title
        .toLowerCase()
        .replace(/[^a-z0-9]+/g, '-')
        .replace(/^-|-$/g, '') || 'book'
    }-${id.slice(0, 8).toLowerCase()}`;
  const authors = spec.authors ?? ['Test Author'];
  await saveBook(t.ctx, {
    book: {
      metadata: {
        id,
        slug,
        title: spec.title,
        subtitle: spec.subtitle ?? '',
        description: spec.description ?? '',
        language: spec.language ?? 'en',
        contributors: authors.map((name) => ({ name, role: 'author' })),
        publisher: spec.publisher ?? '',
        isbn: spec.isbn,
        priceCents: spec.priceCents ?? 500,
        currency: 'USD',
        genres: spec.genres ?? [],
        publishedAt: spec.publishedAt ?? t.ctx.now(),
      },
      chapters: [
        { id: `${id}-1`, title: 'One', xhtml: '<p>The first chapter, free to sample.</p>' },
        { id: `${id}-2`, title: 'Two', xhtml: '<p>The second chapter, for owners.</p>' },
      ],
      // A contents list, as every imported book has: the automatic checks require one.
      toc: [
        { title: 'One', chapterId: `${id}-1`, children: [] },
        { title: 'Two', chapterId: `${id}-2`, children: [] },
      ],
      assets: [],
    },
    assetHashes: {},
    status: spec.status ?? 'published',
    contributorUserIds: authors.map((_, i) => (i === 0 ? (spec.authorUserId ?? null) : null)),
  });
  return id;
}

/** Puts a discount on a book, running from `startsAt` to `endsAt` (either open when null). */
export async function discount(t: TestContext, bookId: string, priceCents: number, startsAt: number | null, endsAt: number | null) {
  await t.ctx.db
    .updateTable('books')
    .set({ discountPriceCents: priceCents, discountStartsAt: startsAt, discountEndsAt: endsAt })
    .where('id', '=', bookId)
    .execute();
}
