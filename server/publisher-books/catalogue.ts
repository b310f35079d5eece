/**
 * /publisher/books: an imprint's books a page at a time, by title, with the state each is in —
 * its publication's (once its details were saved or it was submitted) or else the book's own
 * status (a fresh upload is a draft; a book the seed or an admin listed is published).
 */
import type { ImprintBookSummary } from '../../sync/api/publisher-books';
import { normalizeIsbn } from '../../sync/isbn';
import { PUBLISHING_STATES, type PublishingState } from '../../sync/publishing/state-machine';
import { containsText } from '../db/contains';
import { authorNamesByBook, coverUrl } from '../books/queries';
import type { AppContext } from '../context';
import type { DB } from '../db/connection';
import { parseMetadata } from '../publishing/publications';

/** The imprint's books with their publication (keyed by the book's id) and cover. */
export function imprintBooks(db: DB, imprintId: string) {
  return db
    .selectFrom('books as b')
    .leftJoin('publications as p', 'p.id', 'b.id')
    .leftJoin('bookAssets as a', (join) => join.onRef('a.bookId', '=', 'b.id').onRef('a.path', '=', 'b.coverPath'))
    .where('b.imprintId', '=', imprintId);
}

type Books = ReturnType<typeof imprintBooks>;

function matching(q: Books, state: PublishingState | undefined, search: string): Books {
  let out = q;
  if (state) out = out.where((eb) => eb(eb.fn.coalesce('p.state', 'b.status'), '=', state));
  if (search) {
    const isbn = normalizeIsbn(search);
    const digits = search.replace(/[\s-]/g, '');
    if (isbn) out = out.where('b.isbn', '=', isbn);
    else if (/^\d{3,12}$/.test(digits)) out = out.where('b.isbn', 'like', `${digits}%`);
    else out = out.where(containsText('b.title', search));
  }
  return out;
}

export function summaryColumns(q: Books) {
  return q.select((eb) => [
    'b.id',
    'b.title',
    'b.status',
    'b.priceCents',
    'b.currency',
    'b.isbn',
    'b.updatedAt',
    'p.metadata',
    'p.updatedAt as savedAt',
    'a.blobHash as coverHash',
    eb.fn.coalesce('p.state', 'b.status').as('state'),
  ]);
}
type SummaryRow = Awaited<ReturnType<ReturnType<typeof summaryColumns>['execute']>>[number];

/** A row as the list shows it: the saved details' title, price and authors where there are some. */
export function toSummary(r: SummaryRow, authors: string[]): ImprintBookSummary {
  const saved = r.metadata ? parseMetadata(r.metadata) : null;
  return {
    id: r.id,
    title: saved?.title ?? r.title,
    authors: saved ? saved.contributors.filter((c) => c.role === 'A01').map((c) => c.name) : authors,
    state: r.state as PublishingState,
    listed: r.status === 'published',
    priceCents: saved?.priceCents ?? r.priceCents,
    currency: saved?.currency ?? r.currency,
    isbn: r.isbn,
    coverUrl: coverUrl(r.id, r.coverHash),
    updatedAt: Math.max(r.updatedAt, r.savedAt ?? 0),
  };
}

export async function catalogue(ctx: AppContext, imprintId: string, query: { state?: PublishingState; q: string; page: number }, pageSize: number) {
  const filtered = matching(imprintBooks(ctx.db, imprintId), query.state, query.q);
  const [rows, total, grouped] = await Promise.all([
    summaryColumns(filtered)
      .orderBy('b.title')
      .orderBy('b.id')
      .limit(pageSize)
      .offset((query.page - 1) * pageSize)
      .execute(),
    filtered.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow(),
    imprintBooks(ctx.db, imprintId)
      .select((eb) => [eb.fn.coalesce('p.state', 'b.status').as('bookState'), eb.fn.countAll<number>().as('n')])
      // Grouped by the expression: a bare "state" would be publications.state, not the alias.
      .groupBy((eb) => eb.fn.coalesce('p.state', 'b.status'))
      .execute(),
  ]);
  const authors = await authorNamesByBook(
    ctx,
    rows.map((r) => r.id),
  );
  const counts = Object.fromEntries(PUBLISHING_STATES.map((s) => [s, 0])) as Record<PublishingState, number>;
  for (const g of grouped) counts[g.bookState as PublishingState] = Number(g.n);
  return { items: rows.map((r) => toSummary(r, authors.get(r.id) ?? [])), total: Number(total.n), page: query.page, pageSize, counts };
}
