/**
 * Turns the demo books into canonical books (with generated SVG covers in the blob store) and
 * saves them as published. Each demo book is written as an EPUB and read back through the same
 * importer as uploads (sanitiser, scoped CSS, contents), so the demo exercises that path; what an
 * EPUB cannot carry (price, genres, ISBN, dates) comes from the demo data. Dates count back from
 * the first seed, so re-seeding writes nothing. The store data of a book (listed or not, its
 * place on the Featured shelf, its price and discount) is the demo's only when the book is first
 * written: after that it is the admin's (/admin/store/books), and a restart keeps their changes.
 */
import type { CanonicalBookInput } from '../../sync/book-format';
import { buildBook, readPackage } from '../books/epub/build-book';
import { writeEpub } from '../books/epub/write-epub';
import { saveBook } from '../books/save-book';
import type { Transaction } from 'kysely';
import type { AppContext } from '../context';
import type { Database } from '../db/schema';
import { DAY } from '../limits';
import { renderCover } from './covers';
import { DEMO_IMPRINT } from './demo-accounts';
import { DEMO_BOOKS, type DemoBook } from './demo-books';

const COVER_PATH = 'images/cover.svg';
const COVER_TYPE = 'image/svg+xml';

function toCanonical(demo: DemoBook, publishedAt: number): CanonicalBookInput {
  return {
    metadata: {
      id: `demo-${demo.slug}`,
      slug: demo.slug,
      title: demo.title,
      subtitle: demo.subtitle,
      description: demo.description,
      language: demo.language ?? 'en',
      contributors: demo.contributors.map(({ name, role }) => ({ name, role })),
      publisher: demo.publisher,
      isbn: demo.isbn,
      priceCents: demo.priceCents,
      currency: 'USD',
      genres: demo.genres,
      publishedAt,
    },
    chapters: demo.chapters.map((c, i) => ({ id: `${demo.slug}-${i + 1}`, title: c.title, xhtml: c.xhtml })),
    assets: [{ path: COVER_PATH, mediaType: COVER_TYPE }],
    coverPath: COVER_PATH,
  };
}

/** The demo book through the EPUB importer, with the store metadata laid over it. */
function importDemo(demo: DemoBook, publishedAt: number, coverSvg: string): CanonicalBookInput {
  const canonical = toCanonical(demo, publishedAt);
  const epub = writeEpub({
    identifier: `urn:quire:demo:${demo.slug}`,
    title: demo.title,
    language: demo.language ?? 'en',
    creators: demo.contributors.map((c) => ({ name: c.name, role: c.role === 'editor' ? 'edt' : 'aut' })),
    publisher: demo.publisher,
    chapters: canonical.chapters.map((c) => ({ id: c.id, title: c.title, body: c.xhtml })),
    cover: { path: COVER_PATH, mediaType: COVER_TYPE, bytes: new TextEncoder().encode(coverSvg) },
  });
  const { book } = buildBook(readPackage(epub), {
    bookId: canonical.metadata.id,
    slug: demo.slug,
    chapterIdFor: (_item, i) => canonical.chapters[i]!.id,
  });
  return { ...book, metadata: canonical.metadata };
}

/** How long the demo discounts run, from the first seed. */
const DEMO_DISCOUNT_DAYS = 90;

function discountOf(demo: DemoBook, firstSeededAt: number) {
  if (demo.discountCents === undefined) return { discountPriceCents: null, discountStartsAt: null, discountEndsAt: null };
  return { discountPriceCents: demo.discountCents, discountStartsAt: firstSeededAt - DAY, discountEndsAt: firstSeededAt + DEMO_DISCOUNT_DAYS * DAY };
}

/** The discount is store data, not part of the book: written beside it when the book is first saved. */
async function setDiscount(trx: Transaction<Database>, id: string, discount: ReturnType<typeof discountOf>) {
  await trx
    .updateTable('books')
    .set(discount)
    .where('id', '=', id)
    .where((eb) =>
      eb.or([
        eb('discountPriceCents', 'is distinct from', discount.discountPriceCents),
        eb('discountStartsAt', 'is distinct from', discount.discountStartsAt),
        eb('discountEndsAt', 'is distinct from', discount.discountEndsAt),
      ]),
    )
    .execute();
}

/** A demo book's store data as the admin left it, or null for a book not written yet. */
async function storeDataOf(ctx: AppContext, slug: string) {
  return (await ctx.db.selectFrom('books').select(['status', 'featured', 'priceCents']).where('slug', '=', slug).executeTakeFirst()) ?? null;
}

/** `authorId`: the demo author account; `authorIds`: the other demo authors' accounts, by name. */
export async function seedBooks(ctx: AppContext, authorId: string | undefined, firstSeededAt: number, authorIds: Map<string, string> = new Map()) {
  const imprint = await ctx.db.selectFrom('imprints').select('id').where('name', '=', DEMO_IMPRINT).orderBy('createdAt').executeTakeFirst();
  const results: { slug: string; id: string; created: boolean; changed: boolean }[] = [];
  const featuredSlugs = DEMO_BOOKS.filter((d) => d.featured).map((d) => d.slug);
  for (const demo of DEMO_BOOKS) {
    const coverSvg = renderCover(demo.cover);
    const coverHash = await ctx.blobs.put(new TextEncoder().encode(coverSvg), COVER_TYPE);
    const book = importDemo(demo, firstSeededAt - demo.publishedDaysAgo * DAY, coverSvg);
    const stored = await storeDataOf(ctx, demo.slug);
    const result = await saveBook(ctx, {
      book: stored ? { ...book, metadata: { ...book.metadata, priceCents: stored.priceCents } } : book,
      assetHashes: { [COVER_PATH]: coverHash },
      status: stored?.status ?? 'published',
      featured: stored ? stored.featured : featuredSlugs.indexOf(demo.slug) + 1,
      imprintId: demo.imprint ? (imprint?.id ?? null) : null,
      contributorUserIds: demo.contributors.map((c) => (c.account === 'author' ? (authorId ?? null) : (authorIds.get(c.name) ?? null))),
      alsoWrite: stored ? undefined : (trx, id) => setDiscount(trx, id, discountOf(demo, firstSeededAt)),
    });
    results.push({ slug: demo.slug, ...result });
  }
  return results;
}
