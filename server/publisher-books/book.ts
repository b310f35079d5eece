/**
 * One book of an imprint as its members see it: found only inside the imprint (404 otherwise),
 * its publication as the state machine's view (the members act as the owner), and the detail the
 * edit page shows. Until its details are saved here they are read from the book itself.
 */
import type { ImprintBookDetail, PendingFileChanges, PendingFiles } from '../../sync/api/publisher-books';
import type { Contributor } from '../../sync/book-format';
import { FREE_ISBNS_OFFERED } from '../../sync/api/publisher-books';
import { isbn13To10 } from '../../sync/isbn';
import { roleCodeOf } from '../../sync/publishing/contributors';
import type { PublishingMetadata } from '../../sync/publishing/metadata';
import { allowedActions, type PublishingState } from '../../sync/publishing/state-machine';
import { authorNamesByBook } from '../books/queries';
import type { AppContext } from '../context';
import { notFound } from '../http/errors';
import { draftSummary } from '../publishing/imprint-drafts';
import { findPublication, parseMetadata, type PublicationView } from '../publishing/publications';
import { imprintBooks, summaryColumns, toSummary } from './catalogue';

const IN_STORE = new Set(['published', 'unlisted']);

export async function findImprintBook(ctx: AppContext, imprintId: string, bookId: string) {
  const book =
    bookId.length <= 64
      ? await ctx.db
          .selectFrom('books')
          .innerJoin('imprints', 'imprints.id', 'books.imprintId')
          .select(['books.id', 'books.slug', 'books.status', 'books.isbn', 'books.title', 'imprints.ownerId as imprintOwnerId'])
          .where('books.id', '=', bookId)
          .where('books.imprintId', '=', imprintId)
          .executeTakeFirst()
      : undefined;
  if (!book) throw notFound('No such book in your imprint.');
  const publication = await findPublication(ctx.db, bookId);
  return { book, publication };
}
export type ImprintBook = Awaited<ReturnType<typeof findImprintBook>>;

/**
 * The state machine's view: the members are the owner; a book never submitted is in its own
 * status. The publication belongs to the imprint's owner (told of reviews), or to the member
 * acting when the imprint has none.
 */
export function ownerView(imprintId: string, { book, publication }: ImprintBook, actingUserId: string): PublicationView {
  return {
    id: book.id,
    ownerId: publication?.ownerId ?? book.imprintOwnerId ?? actingUserId,
    manuscript: null,
    row: publication,
    state: publication?.state ?? (book.status as PublishingState),
    actors: ['owner'],
    imprintId,
  };
}

/** Whether the book is in the store (listed or unlisted): new files then wait for review beside it (decision 065). */
export function inStore(status: string): boolean {
  return IN_STORE.has(status);
}

/**
 * Why the EPUB and cover cannot be replaced now, or null. A rejected book is final; while an
 * update of a book in the store is with the reviewers, the edition they read is the update
 * (as on KDP, a book in review takes no changes until the decision).
 */
export function filesLocked(status: string, state: PublishingState | null): string | null {
  if (state === 'rejected') return 'This book was rejected: its files no longer change.';
  if (IN_STORE.has(status) && (state === 'submitted' || state === 'in_review'))
    return 'An update of this book is with the reviewers: new files can be uploaded once they have decided.';
  return null;
}

async function pendingFiles(ctx: AppContext, imprintId: string, bookId: string): Promise<PendingFiles | null> {
  const row = await draftSummary(ctx.db, bookId);
  if (!row) return null;
  const changes = JSON.parse(row.changes) as PendingFileChanges;
  return {
    ...changes,
    coverUrl: changes.cover && row.coverBlob ? `/api/publisher/imprints/${imprintId}/books/${bookId}/pending-cover?v=${row.coverBlob.slice(0, 12)}` : null,
    changedAt: row.updatedAt,
    changedBy: row.displayName,
  };
}

/**
 * The details as the book has them, for a book whose details were never saved here: the columns
 * of the form and the credits, never the chapters or assets (loadBook would read the whole book).
 */
async function detailsOfBook(ctx: AppContext, bookId: string): Promise<PublishingMetadata> {
  const [m, contributors] = await Promise.all([
    ctx.db
      .selectFrom('books')
      .select(['title', 'subtitle', 'description', 'genres', 'keywords', 'language', 'priceCents', 'currency', 'ageRating', 'series', 'seriesNumber'])
      .where('id', '=', bookId)
      .executeTakeFirstOrThrow(),
    ctx.db.selectFrom('bookContributors').select(['name', 'role']).where('bookId', '=', bookId).orderBy('ord').execute(),
  ]);
  return {
    title: m.title,
    subtitle: m.subtitle,
    description: m.description,
    genres: JSON.parse(m.genres) as string[],
    keywords: JSON.parse(m.keywords) as string[],
    language: m.language as PublishingMetadata['language'],
    priceCents: m.priceCents,
    currency: m.currency as PublishingMetadata['currency'],
    ageRating: (m.ageRating ?? 'all') as PublishingMetadata['ageRating'],
    series: m.series,
    seriesNumber: m.series ? m.seriesNumber : null,
    contributors: contributors.map((c) => ({ name: c.name, role: roleCodeOf(c.role as Contributor['role']) })),
    isbn: '', // the book's own, beside the details (setIsbn)
  };
}

export async function imprintBookDetail(ctx: AppContext, imprintId: string, bookId: string, mayManageIsbns: boolean): Promise<ImprintBookDetail> {
  const found = await findImprintBook(ctx, imprintId, bookId);
  const { book, publication } = found;
  const view = ownerView(imprintId, found, '');
  const [row, authors, chapters, events, free, pending] = await Promise.all([
    summaryColumns(imprintBooks(ctx.db, imprintId).where('b.id', '=', bookId)).executeTakeFirstOrThrow(),
    authorNamesByBook(ctx, [bookId]),
    ctx.db
      .selectFrom('bookChapters')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('bookId', '=', bookId)
      .executeTakeFirstOrThrow(),
    ctx.db
      .selectFrom('publicationEvents')
      .select(['id', 'at', 'actorName', 'action', 'fromState', 'toState', 'editionNumber', 'comment'])
      .where('publicationId', '=', bookId)
      .orderBy('id')
      .limit(500)
      .execute(),
    mayManageIsbns
      ? ctx.db
          .selectFrom('imprintIsbns')
          .select('isbn')
          .where('imprintId', '=', imprintId)
          .where('bookId', 'is', null)
          .orderBy('isbn')
          .limit(FREE_ISBNS_OFFERED)
          .execute()
      : [],
    IN_STORE.has(book.status) ? pendingFiles(ctx, imprintId, bookId) : null,
  ]);
  // Unlisting and listing again move the approved edition: a book listed without one (seeded) has none to move.
  const actions = allowedActions(view.state, view.actors).filter((a) => (a === 'unlist' || a === 'republish' ? Boolean(publication?.liveEditionId) : true));
  const isbnFixed = Boolean(book.isbn) && IN_STORE.has(book.status);
  return {
    ...toSummary(row, authors.get(bookId) ?? []),
    metadata: publication?.metadata ? parseMetadata(publication.metadata) : await detailsOfBook(ctx, bookId),
    saved: Boolean(publication?.metadata),
    isbn10: book.isbn ? isbn13To10(book.isbn) : null,
    chapterCount: Number(chapters.n),
    actions,
    mayChangeIsbn: mayManageIsbns && !isbnFixed,
    filesLocked: filesLocked(book.status, publication?.state ?? null),
    pendingFiles: pending,
    freeIsbns: free.map((f) => f.isbn),
    pendingEditionId: publication?.pendingEditionId ?? null,
    events,
  };
}
