/**
 * What /admin/rag-monitoring shows: the index per book and its freshness, the query log,
 * zero-result queries, feedback. A book's index is fresh while it was built from the book's text
 * as it is (books.text_updated_at, which only saveBook moves; a price or listing change does not
 * touch the text). The books come a page at a time, those needing work (stale or never indexed) first.
 */
import type { QueryRow, RagMonitoring } from '../../sync/api/ask';
import type { DB } from '../db/connection';
import { ASK_INDEX_JOB } from './index-book';

/** Books per page of the per-book table. */
const BOOKS_PAGE_SIZE = 100;
const QUERIES_SHOWN = 50;
const FEEDBACK_SHOWN = 30;
const LATENCY_WINDOW = 7 * 24 * 3600_000;

function percentile(sorted: number[], p: number): number {
  if (sorted.length === 0) return 0;
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!;
}

export async function ragMonitoring(db: DB, now: number, page = 1): Promise<RagMonitoring> {
  const queryRows = (zeroOnly: boolean) =>
    db
      .selectFrom('askQueries as q')
      .innerJoin('books as b', 'b.id', 'q.bookId')
      .innerJoin('users as u', 'u.id', 'q.userId')
      .select((eb) => [
        'q.id',
        'q.bookId',
        'b.title as bookTitle',
        'u.username',
        'q.question',
        'q.answers',
        'q.latencyMs',
        'q.createdAt',
        eb.selectFrom('askFeedback as f').select(eb.fn.countAll<number>().as('n')).whereRef('f.queryId', '=', 'q.id').where('f.helpful', '=', 1).as('helpful'),
        eb
          .selectFrom('askFeedback as f')
          .select(eb.fn.countAll<number>().as('n'))
          .whereRef('f.queryId', '=', 'q.id')
          .where('f.helpful', '=', 0)
          .as('notHelpful'),
      ])
      .$if(zeroOnly, (q) => q.where('q.answers', '=', 0))
      .orderBy('q.createdAt', 'desc')
      .limit(QUERIES_SHOWN)
      .execute();
  const [books, passages, queries, zero, latencies, votes, log, zeroLog, feedback, queuedJobs, perBookQueries] = await Promise.all([
    db
      .selectFrom('books')
      .leftJoin('askBooks', 'askBooks.bookId', 'books.id')
      .select(['books.id', 'books.title', 'books.textUpdatedAt', 'askBooks.passages', 'askBooks.indexedAt', 'askBooks.sourceUpdatedAt'])
      // Stale or never indexed (no row: the comparison is null) first, then by title.
      .orderBy((eb) => eb.case().when('askBooks.sourceUpdatedAt', '=', eb.ref('books.textUpdatedAt')).then(1).else(0).end())
      .orderBy('books.title')
      .orderBy('books.id')
      .limit(BOOKS_PAGE_SIZE)
      .offset((page - 1) * BOOKS_PAGE_SIZE)
      .execute(),
    db
      .selectFrom('askBooks')
      .select((eb) => [eb.fn.sum<number>('passages').as('n'), eb.fn.countAll<number>().as('books')])
      .executeTakeFirstOrThrow(),
    db
      .selectFrom('askQueries')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow(),
    db
      .selectFrom('askQueries')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('answers', '=', 0)
      .executeTakeFirstOrThrow(),
    db
      .selectFrom('askQueries')
      .select('latencyMs')
      .where('createdAt', '>=', now - LATENCY_WINDOW)
      .orderBy('latencyMs')
      .execute(),
    db
      .selectFrom('askFeedback')
      .select(['helpful', (eb) => eb.fn.countAll<number>().as('n')])
      .groupBy('helpful')
      .execute(),
    queryRows(false),
    queryRows(true),
    db
      .selectFrom('askFeedback as f')
      .innerJoin('askQueries as q', 'q.id', 'f.queryId')
      .innerJoin('books as b', 'b.id', 'q.bookId')
      .select(['f.queryId', 'q.question', 'b.title as bookTitle', 'f.passageText as passage', 'f.helpful', 'f.createdAt'])
      .orderBy('f.createdAt', 'desc')
      .limit(FEEDBACK_SHOWN)
      .execute(),
    db.selectFrom('jobs').select('payload').where('kind', '=', ASK_INDEX_JOB).where('state', 'in', ['queued', 'running']).execute(),
    db
      .selectFrom('askQueries')
      .select(['bookId', (eb) => eb.fn.countAll<number>().as('n')])
      .groupBy('bookId')
      .execute(),
  ]);
  const queued = new Set(queuedJobs.map((j) => (JSON.parse(j.payload) as { bookId?: string }).bookId));
  const asked = new Map(perBookQueries.map((r) => [r.bookId, Number(r.n)]));
  const sorted = latencies.map((r) => r.latencyMs);
  const bookRows = books.map((b) => ({
    bookId: b.id,
    title: b.title,
    passages: b.passages ?? 0,
    indexedAt: b.indexedAt ?? null,
    textUpdatedAt: b.textUpdatedAt,
    fresh: b.sourceUpdatedAt === b.textUpdatedAt,
    queued: queued.has(b.id),
    queries: asked.get(b.id) ?? 0,
  }));
  const totalBooks = await db
    .selectFrom('books')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .executeTakeFirstOrThrow();
  const fresh = await db
    .selectFrom('askBooks')
    .innerJoin('books', 'books.id', 'askBooks.bookId')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .whereRef('askBooks.sourceUpdatedAt', '=', 'books.textUpdatedAt')
    .executeTakeFirstOrThrow();
  const toRow = (r: (typeof log)[number]): QueryRow => ({ ...r, helpful: Number(r.helpful ?? 0), notHelpful: Number(r.notHelpful ?? 0) });
  return {
    totals: {
      books: Number(totalBooks.n),
      indexedBooks: Number(passages.books),
      staleBooks: Number(totalBooks.n) - Number(fresh.n),
      passages: Number(passages.n ?? 0),
      queries: Number(queries.n),
      zeroResultQueries: Number(zero.n),
      latencyP50Ms: percentile(sorted, 50),
      latencyP95Ms: percentile(sorted, 95),
      helpful: Number(votes.find((v) => v.helpful === 1)?.n ?? 0),
      notHelpful: Number(votes.find((v) => v.helpful === 0)?.n ?? 0),
    },
    books: bookRows,
    booksPage: { page, pageSize: BOOKS_PAGE_SIZE, total: Number(totalBooks.n) },
    queries: log.map(toRow),
    zeroResults: zeroLog.map(toRow),
    feedback: feedback.map((f) => ({ ...f, helpful: f.helpful === 1 })),
  };
}
