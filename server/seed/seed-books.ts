/**
 * Turns the demo books into canonical books (with generated SVG covers in the blob store) and
 * saves them as published. Dates count back from the first seed, so re-seeding writes nothing.
 */
import type { CanonicalBookInput } from '../../sync/book-format';
import { saveBook } from '../books/save-book';
import type { AppContext } from '../context';
import { BlobStore } from '../files/blob-store';
import { DAY } from '../limits';
import { renderCover } from './covers';
import { DEMO_IMPRINT } from './demo-accounts';
import { DEMO_BOOKS, type DemoBook } from './demo-books';

const COVER_PATH = 'images/cover.svg';
const COVER_TYPE = 'image/svg+xml';

export function toCanonical(demo: DemoBook, publishedAt: number): CanonicalBookInput {
  return {
    metadata: {
      id: `demo-${demo.slug}`,
      slug: demo.slug,
      title: demo.title,
      subtitle: demo.subtitle,
      description: demo.description,
      language: 'en',
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

export async function seedBooks(ctx: AppContext, authorId: string | undefined, firstSeededAt: number) {
  const blobs = new BlobStore(ctx.db, ctx.config.dataDir, ctx.now);
  const imprint = await ctx.db.selectFrom('imprints').select('id').where('name', '=', DEMO_IMPRINT).orderBy('createdAt').executeTakeFirst();
  const results: { slug: string; id: string; created: boolean; changed: boolean }[] = [];
  for (const demo of DEMO_BOOKS) {
    const coverHash = await blobs.put(new TextEncoder().encode(renderCover(demo.cover)), COVER_TYPE);
    const result = await saveBook(ctx, {
      book: toCanonical(demo, firstSeededAt - demo.publishedDaysAgo * DAY),
      assetHashes: { [COVER_PATH]: coverHash },
      status: 'published',
      featured: demo.featured,
      imprintId: demo.imprint ? (imprint?.id ?? null) : null,
      contributorUserIds: demo.contributors.map((c) => (c.account === 'author' ? (authorId ?? null) : null)),
    });
    results.push({ slug: demo.slug, ...result });
  }
  return results;
}
