/**
 * Editions: a submission's frozen snapshot of a manuscript in the canonical book format. The
 * chapters are rendered and sanitised exactly as the reader's manuscript view does
 * (manuscripts/manuscript-book.ts), so what the reviewer reads is what the store will sell, and
 * later typing in the manuscript changes nothing here. Approval hands the snapshot to saveBook.
 */
import { createHash } from 'node:crypto';
import { CanonicalBookSchema, type CanonicalBook, type Contributor } from '../../sync/book-format';
import type { BookDetailResponse, ChapterResponse } from '../../sync/api/books';
import type { Manuscript } from '../../sync/collections/manuscripts';
import { bookRoleOf } from '../../sync/publishing/contributors';
import { isValidIsbn13 } from '../../sync/isbn';
import type { PublishingMetadata } from '../../sync/publishing/metadata';
import { countWordsInXhtml } from '../../sync/text/words';
import type { AppContext } from '../context';
import { invalid } from '../http/errors';
import { chaptersOfManuscript, manuscriptChapter } from '../manuscripts/manuscript-book';

/** What an edition row's `book` column holds: the book, and the account behind each contributor. */
export interface EditionContent {
  book: CanonicalBook;
  contributorUserIds: (string | null)[];
  /** Blob hash of each asset (an imprint's book from an EPUB); manuscript editions have none. */
  assetHashes?: Record<string, string>;
}

/** The store listing an edition updates: fixed at the first submission. */
interface Listing {
  bookId: string;
  slug: string;
}

/** A URL-safe slug from the title, made unique by the book id ("the-salt-orchard-k3x9q2ab"). */
export function listingSlug(title: string, bookId: string): string {
  const words = title
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 60)
    .replace(/-+$/, '');
  return `${words || 'book'}-${bookId.slice(0, 8)}`;
}

/**
 * A chapter's id in the store book: book_chapters ids are unique across every book, and a
 * manuscript's chapter ids are chosen by the author's device, so they are not used as they are.
 * Derived from the book and the chapter, it stays the same in every edition (readers' places
 * and highlights keep pointing at the right chapter after an update).
 */
function editionChapterId(bookId: string, chapterId: string): string {
  return `ch-${createHash('sha256').update(`${bookId}\0${chapterId}`).digest('hex').slice(0, 32)}`;
}

/** Links between chapters (`#chapterId/anchor`, data-chapter-id) name the manuscript's chapters: re-pointed at the edition's. */
function withEditionLinks(xhtml: string, bookId: string, chapters: { id: string }[]): string {
  const ids = new Set(chapters.map((c) => c.id));
  return xhtml.replace(/(data-chapter-id="|href="#)([A-Za-z0-9_-]+)(?=["/])/g, (whole, before: string, id: string) =>
    ids.has(id) ? `${before}${editionChapterId(bookId, id)}` : whole,
  );
}

type Credit = { name: string; role: Contributor['role']; userId: string | null };

/**
 * The manuscript's accounts stay credited (their author pages and earnings hang on them); the
 * form's contributors add the people without an account here — editors, illustrators,
 * translators — and a name already credited takes the form's role, except the owner, who stays
 * the author.
 */
function withFormContributors(accounts: Credit[], metadata: PublishingMetadata): Credit[] {
  const credited = [...accounts];
  for (const c of metadata.contributors) {
    const at = credited.findIndex((p) => p.name.toLowerCase() === c.name.toLowerCase());
    if (at === -1) credited.push({ name: c.name, role: bookRoleOf(c.role), userId: null });
    else if (at > 0) credited[at] = { ...credited[at]!, role: bookRoleOf(c.role) };
  }
  return credited;
}

/** What the canonical book carries beyond the basics (series, keywords, age rating); empty ones are left out. */
export function listingExtras(m: PublishingMetadata) {
  return {
    ...(m.series ? { series: m.series, ...(m.seriesNumber !== null ? { seriesNumber: m.seriesNumber } : {}) } : {}),
    ...(m.keywords.length > 0 ? { keywords: m.keywords } : {}),
    ageRating: m.ageRating,
  };
}

export async function snapshotEdition(ctx: AppContext, manuscript: Manuscript, metadata: PublishingMetadata, listing: Listing): Promise<EditionContent> {
  const chapters = await chaptersOfManuscript(ctx, manuscript.id);
  if (chapters.length === 0) throw invalid('Write at least one chapter before submitting.', { chapters: 'The manuscript has no chapters yet.' });
  const rendered: ChapterResponse[] = [];
  for (const c of chapters) rendered.push((await manuscriptChapter(ctx, manuscript, chapters, c.id))!);

  // Names as the accounts show them now; co-authors are the members who may edit the text.
  const editors = manuscript.members.filter((m) => m.role === 'editor').map((m) => m.userId);
  const people = await ctx.db
    .selectFrom('users')
    .select(['id', 'displayName'])
    .where('id', 'in', [manuscript.ownerId, ...editors])
    .execute();
  const nameOf = new Map(people.map((p) => [p.id, p.displayName]));
  const credited = withFormContributors(
    [
      { name: nameOf.get(manuscript.ownerId) ?? manuscript.ownerName, role: 'author', userId: manuscript.ownerId },
      ...editors.flatMap((id) => (nameOf.has(id) ? [{ name: nameOf.get(id)!, role: 'co-author' as const, userId: id }] : [])),
    ],
    metadata,
  );

  const book = CanonicalBookSchema.parse({
    metadata: {
      id: listing.bookId,
      slug: listing.slug,
      title: metadata.title,
      subtitle: metadata.subtitle,
      description: metadata.description,
      language: metadata.language,
      contributors: credited.map(({ name, role }) => ({ name, role })),
      priceCents: metadata.priceCents,
      currency: metadata.currency,
      genres: metadata.genres,
      // Only a valid one (the form's rule); details stored before it keep theirs for the ISBN check to judge.
      ...(isValidIsbn13(metadata.isbn) ? { isbn: metadata.isbn } : {}),
      ...listingExtras(metadata),
    },
    chapters: rendered.map((c) => ({ id: editionChapterId(listing.bookId, c.id), title: c.title, xhtml: withEditionLinks(c.xhtml, listing.bookId, rendered) })),
    assets: [],
    toc: rendered.map((c) => ({ title: c.title, chapterId: editionChapterId(listing.bookId, c.id), children: [] })),
  });
  return { book, contributorUserIds: credited.map((c) => c.userId) };
}

/** An edition in the reader's shape (status "edition"): always readable in full by those who may open it. */
export function editionAsBook(editionId: string, { book }: EditionContent): BookDetailResponse {
  const m = book.metadata;
  return {
    id: editionId,
    slug: m.slug,
    title: m.title,
    subtitle: m.subtitle,
    description: m.description,
    language: m.language,
    contributors: m.contributors,
    publisher: m.publisher,
    status: 'edition',
    priceCents: m.priceCents,
    currency: m.currency,
    coverUrl: null,
    direction: book.direction,
    writingMode: book.writingMode,
    accessibility: book.accessibility,
    toc: book.toc,
    stylesheets: [],
    access: 'full',
    sampleChapterId: null,
    chapters: book.chapters.map((c) => ({ id: c.id, title: c.title, linear: c.linear, wordCount: countWordsInXhtml(c.xhtml), readable: true })),
  };
}

export function editionChapter(editionId: string, { book }: EditionContent, chapterId: string): ChapterResponse | null {
  const ord = book.chapters.findIndex((c) => c.id === chapterId);
  const c = book.chapters[ord];
  return c ? { id: c.id, bookId: editionId, ord, title: c.title, linear: c.linear, xhtml: c.xhtml } : null;
}
