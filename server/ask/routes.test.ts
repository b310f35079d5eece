/** "Ask this book" through the HTTP API against a real SQLite file: ownership, ranking, the log, feedback, the admin page. */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import * as api from '../../sync/api/ask';
import { buildAdmin, buildSignedInUser } from '../admin/test-helpers';
import { saveBook } from '../books/save-book';
import { requestBackfill } from './index-book';
import { passageIndex } from './passage-index';
import { answerOf, buildTestContext, errorOf, type TestContext } from '../test/test-context';

let t: TestContext;
let bookId: string;

const chapter = (id: string, title: string, paragraphs: string[]) => ({
  id,
  title,
  xhtml: `<h1>${title}</h1>${paragraphs.map((p) => `<p>${p}</p>`).join('\n')}`,
});

/** A small book the tests can reason about: each chapter is about one thing. */
async function buildBook(slug = 'harbour-tales') {
  const { id } = await saveBook(t.ctx, {
    book: {
      metadata: {
        id: `book-${slug}`,
        slug,
        title: 'Harbour Tales',
        language: 'en',
        contributors: [{ name: 'A. Writer', role: 'author' }],
        priceCents: 500,
        currency: 'USD',
        genres: [],
      },
      chapters: [
        chapter('c1', 'The Lighthouse', [
          'The lighthouse keeper climbed the spiral stairs every evening to light the great lamp.',
          'Ships far out at sea steered by its beam through the winter storms.',
        ]),
        chapter('c2', 'The Orchard', [
          'Behind the harbour an orchard of small sweet apples ran down to the water.',
          'The children picked the apples in autumn and pressed them into cider.',
        ]),
        chapter('c3', 'The Storm', [
          'One night the storm tore the nets from the quay and the fishermen lost their boats.',
          'The keeper kept the lamp burning until dawn, and every boat came home.',
        ]),
      ],
      assets: [],
      toc: [],
    },
    assetHashes: {},
    status: 'published',
  });
  await t.worker.drain();
  return id;
}

const ask = (cookie: string | undefined, question: string, book = bookId) =>
  t.request(`/api/books/${book}/ask`, { method: 'POST', cookie, json: { question } });
const own = (userId: string) => t.ctx.db.insertInto('libraryEntries').values({ userId, bookId, source: 'purchase', acquiredAt: t.ctx.now() }).execute();
async function owner() {
  const r = await buildSignedInUser(t.ctx);
  await own(r.user.id);
  return r;
}

beforeEach(async () => {
  t = await buildTestContext();
  bookId = await buildBook();
});
afterEach(async () => t.close());

describe('asking a book', () => {
  it('indexes the book when it is saved, as a job', async () => {
    const row = await t.ctx.db.selectFrom('askBooks').selectAll().where('bookId', '=', bookId).executeTakeFirstOrThrow();
    expect(row.passages).toBeGreaterThanOrEqual(3);
    const passages = await t.ctx.db.selectFrom('askPassages').select(['chapterId', 'heading']).where('bookId', '=', bookId).execute();
    expect(new Set(passages.map((p) => p.heading))).toEqual(new Set(['The Lighthouse', 'The Orchard', 'The Storm']));
  });

  it('answers an owner with ranked passages, their place and the matched words', async () => {
    const { cookie } = await owner();
    const res = await ask(cookie, 'Who picked the apples in the orchard?');
    expect(res.status).toBe(200);
    const result = await answerOf(res, api.askBook);
    expect(result.terms).toEqual(['pick', 'appl', 'orchard']);
    const [best] = result.answers;
    expect(best).toMatchObject({ chapterId: 'c2', chapterTitle: 'The Orchard', heading: 'The Orchard' });
    expect(best!.text).toContain('The children picked the apples');
    expect(best!.quote.exact).toBe(best!.text);
    expect(best!.highlights.map(([s, e]) => best!.text.slice(s, e))).toEqual(['orchard', 'apples', 'picked', 'apples']);
    // Only passages of the book, never invented text: each answer is a stored passage.
    for (const a of result.answers) {
      const stored = await t.ctx.db.selectFrom('askPassages').select('text').where('id', '=', Number(a.passageId)).executeTakeFirstOrThrow();
      expect(stored.text).toBe(a.text);
    }
  });

  it('ranks the passage holding more of the question first', async () => {
    const { cookie } = await owner();
    const result = await answerOf(await ask(cookie, 'How did the keeper keep the lamp burning in the storm?'), api.askBook);
    expect(result.answers[0]!.chapterId).toBe('c3');
    expect(result.answers.map((a) => a.chapterId)).toContain('c1');
  });

  it('logs every query with its latency, zero-result ones included', async () => {
    const { user, cookie } = await owner();
    const result = await answerOf(await ask(cookie, 'Where is the submarine?'), api.askBook);
    expect(result.answers).toEqual([]);
    const logged = await t.ctx.db.selectFrom('askQueries').selectAll().where('id', '=', result.queryId).executeTakeFirstOrThrow();
    expect(logged).toMatchObject({ bookId, userId: user.id, question: 'Where is the submarine?', answers: 0 });
    expect(logged.latencyMs).toBeGreaterThanOrEqual(0);
  });

  it('refuses a reader who does not own the book (403), a book they cannot see (404) and visitors (401)', async () => {
    const { cookie } = await buildSignedInUser(t.ctx);
    const res = await ask(cookie, 'Who keeps the lighthouse?');
    expect(res.status).toBe(403);
    expect((await errorOf(res)).code).toBe('forbidden');
    expect((await ask(cookie, 'Who keeps the lighthouse?', 'no-such-book')).status).toBe(404);
    await t.ctx.db.updateTable('books').set({ status: 'draft' }).where('id', '=', bookId).execute();
    expect((await ask(cookie, 'Who keeps the lighthouse?')).status).toBe(404);
    expect((await ask(undefined, 'Who keeps the lighthouse?')).status).toBe(401);
    expect(await t.ctx.db.selectFrom('askQueries').selectAll().execute()).toEqual([]);
  });

  it('refuses an empty question with a message for the field', async () => {
    const { cookie } = await owner();
    const res = await ask(cookie, ' ');
    expect(res.status).toBe(422);
    expect((await errorOf(res)).fields?.question).toMatch(/Ask a question/);
  });
});

describe('rate limits', () => {
  beforeEach(async () => {
    await t.close();
    t = await buildTestContext({ rateLimitScale: 0.1 }); // 3 questions per account, 12 per IP, in 5 minutes
    bookId = await buildBook();
  });

  it('refuses an account past its questions with 429 and Retry-After, before reading the body', async () => {
    const { cookie } = await owner();
    for (let i = 0; i < 3; i++) expect((await ask(cookie, 'apples', bookId)).status).toBe(200);
    // Not a 422 for the bad body: the limit is taken before it is parsed.
    const res = await t.request(`/api/books/${bookId}/ask`, { method: 'POST', cookie, body: '{not json', headers: { 'content-type': 'application/json' } });
    expect(res.status).toBe(429);
    expect(Number(res.headers.get('retry-after'))).toBeGreaterThan(0);
    expect((await errorOf(res)).code).toBe('rate_limited');
    expect(await t.ctx.db.selectFrom('askQueries').selectAll().execute()).toHaveLength(3);
    // Another reader is not held up by this one.
    expect((await ask((await owner()).cookie, 'apples')).status).toBe(200);
  });

  it('refuses one IP past its questions over all accounts, and not another IP', async () => {
    const askFrom = (cookie: string, ip: string) => t.request(`/api/books/${bookId}/ask`, { method: 'POST', cookie, ip, json: { question: 'apples' } });
    for (let reader = 0; reader < 4; reader++) {
      const { cookie } = await owner();
      for (let i = 0; i < 3; i++) expect((await askFrom(cookie, '198.51.100.7')).status).toBe(200);
    }
    const late = await owner();
    const res = await askFrom(late.cookie, '198.51.100.7');
    expect(res.status).toBe(429);
    expect(res.headers.get('retry-after')).toBeTruthy();
    expect((await askFrom(late.cookie, '198.51.100.8')).status).toBe(200);
  });
});

describe('feedback', () => {
  it('records helpful / not helpful once per answer, from the one who asked only', async () => {
    const { cookie } = await owner();
    const result = await answerOf(await ask(cookie, 'apples orchard'), api.askBook);
    const passageId = result.answers[0]!.passageId;
    const send = (c: string, helpful: boolean) =>
      t.request(`/api/ask/queries/${result.queryId}/feedback`, { method: 'PUT', cookie: c, json: { passageId, helpful } });
    expect((await send(cookie, true)).status).toBe(200);
    expect((await send(cookie, false)).status).toBe(200);
    const rows = await t.ctx.db.selectFrom('askFeedback').selectAll().execute();
    expect(rows).toMatchObject([{ queryId: result.queryId, passageId, helpful: 0 }]);
    const other = await owner();
    expect((await send(other.cookie, true)).status).toBe(404);
  });
});

describe('/api/admin/rag-monitoring', () => {
  it('shows the index, its freshness, the log and feedback, to admins only', async () => {
    const { cookie } = await owner();
    await ask(cookie, 'Where is the submarine?');
    await ask(cookie, 'apples');
    const reader = await buildSignedInUser(t.ctx);
    expect((await t.request('/api/admin/rag-monitoring', { cookie: reader.cookie })).status).toBe(403);
    const admin = await buildAdmin(t.ctx);
    const page = await answerOf(await t.request('/api/admin/rag-monitoring', { cookie: admin.cookie }), api.getRagMonitoring);
    expect(page.totals).toMatchObject({ books: 1, indexedBooks: 1, staleBooks: 0, queries: 2, zeroResultQueries: 1 });
    expect(page.books[0]).toMatchObject({ bookId, fresh: true, queued: false, queries: 2 });
    expect(page.zeroResults.map((q) => q.question)).toEqual(['Where is the submarine?']);
    expect(page.queries).toHaveLength(2);
  });

  it('re-indexes one book or all as jobs, and shows a book whose text changed as stale until then', async () => {
    const admin = await buildAdmin(t.ctx);
    // As saveBook leaves a book whose index job has not run yet.
    await t.ctx.db
      .updateTable('books')
      .set({ updatedAt: t.ctx.now() + 1000, textUpdatedAt: t.ctx.now() + 1000 })
      .where('id', '=', bookId)
      .execute();
    const before = await answerOf(await t.request('/api/admin/rag-monitoring', { cookie: admin.cookie }), api.getRagMonitoring);
    expect(before.books[0]).toMatchObject({ fresh: false });
    const res = await t.request('/api/admin/rag-monitoring/reindex', { method: 'POST', cookie: admin.cookie, json: { bookId } });
    expect(res.status).toBe(202);
    expect(await res.json()).toEqual({ jobs: 1 });
    const queued = await answerOf(await t.request('/api/admin/rag-monitoring', { cookie: admin.cookie }), api.getRagMonitoring);
    expect(queued.books[0]).toMatchObject({ queued: true });
    await t.worker.drain();
    const after = await answerOf(await t.request('/api/admin/rag-monitoring', { cookie: admin.cookie }), api.getRagMonitoring);
    expect(after.books[0]).toMatchObject({ fresh: true, queued: false });
    expect((await t.request('/api/admin/rag-monitoring/reindex', { method: 'POST', cookie: admin.cookie, json: {} })).status).toBe(202);
    expect((await t.request('/api/admin/rag-monitoring/reindex', { method: 'POST', cookie: admin.cookie, json: { bookId: 'nope' } })).status).toBe(404);
    expect(await t.ctx.db.selectFrom('auditLog').select('action').where('action', '=', 'ask.reindexed').execute()).toHaveLength(2);
  });

  it('keeps an index fresh through a price change, unlisting and relisting, and an ISBN, which leave the text alone', async () => {
    const admin = await buildAdmin(t.ctx);
    const monitoring = async () => answerOf(await t.request('/api/admin/rag-monitoring', { cookie: admin.cookie }), api.getRagMonitoring);
    const indexed = (await monitoring()).books[0]!;
    t.advance(60_000);
    const price = { priceCents: 900, discountPriceCents: null, discountStartsAt: null, discountEndsAt: null };
    expect((await t.request(`/api/admin/store/books/${bookId}/price`, { method: 'PUT', cookie: admin.cookie, json: price })).status).toBe(200);
    t.advance(60_000);
    expect((await t.request(`/api/admin/store/books/${bookId}/listing`, { method: 'PUT', cookie: admin.cookie, json: { listed: false } })).status).toBe(200);
    t.advance(60_000);
    expect((await t.request(`/api/admin/store/books/${bookId}/listing`, { method: 'PUT', cookie: admin.cookie, json: { listed: true } })).status).toBe(200);
    // What ISBN assignment writes (server/publisher/isbn-assignment.ts).
    await t.ctx.db.updateTable('books').set({ isbn: '9780306406157', updatedAt: t.ctx.now() }).where('id', '=', bookId).execute();
    const book = await t.ctx.db.selectFrom('books').select(['updatedAt', 'textUpdatedAt']).where('id', '=', bookId).executeTakeFirstOrThrow();
    expect(book.updatedAt).toBeGreaterThan(book.textUpdatedAt);

    const page = await monitoring();
    expect(page.totals.staleBooks).toBe(0);
    expect(page.books[0]).toMatchObject({ bookId, fresh: true, indexedAt: indexed.indexedAt, textUpdatedAt: indexed.textUpdatedAt });
    // Nor does the backfill at start rebuild it.
    await requestBackfill(t.ctx);
    await t.worker.drain();
    const after = await t.ctx.db.selectFrom('askBooks').select('indexedAt').where('bookId', '=', bookId).executeTakeFirstOrThrow();
    expect(after.indexedAt).toBe(indexed.indexedAt);
  });

  it('pages the books, the stale and unindexed first, and counts every stale book', async () => {
    const admin = await buildAdmin(t.ctx);
    // 120 more books straight into the table (the index needs none of saveBook's work here):
    // 101 indexed and fresh, 12 indexed from older text, 7 never indexed.
    const now = t.ctx.now();
    const rows = Array.from({ length: 120 }, (_, i) => ({
      id: `bulk-${String(i).padStart(3, '0')}`,
      slug: `bulk-${i}`,
      title: `Bulk ${String(i).padStart(3, '0')}`,
      subtitle: '',
      description: '',
      language: 'en',
      isbn: null,
      priceCents: 0,
      currency: 'USD',
      pageCount: null,
      publisherName: '',
      imprintId: null,
      genres: '[]',
      status: 'published' as const,
      featured: 0,
      coverPath: null,
      publishedAt: now,
      issued: null,
      createdAt: now,
      updatedAt: now,
      textUpdatedAt: now,
    }));
    await t.ctx.db.insertInto('books').values(rows).execute();
    const indexedRows = rows.slice(0, 113).map((r, i) => ({ bookId: r.id, passages: 1, sourceUpdatedAt: i < 101 ? now : now - 1, indexedAt: now, tookMs: 1 }));
    await t.ctx.db.insertInto('askBooks').values(indexedRows).execute();
    const stale = [...rows.slice(101, 113), ...rows.slice(113)].map((r) => r.id);

    const first = await answerOf(await t.request('/api/admin/rag-monitoring', { cookie: admin.cookie }), api.getRagMonitoring);
    expect(first.totals).toMatchObject({ books: 121, staleBooks: 19 });
    expect(first.booksPage).toEqual({ page: 1, pageSize: 100, total: 121 });
    expect(first.books).toHaveLength(100);
    expect(first.books.slice(0, 19).map((b) => b.bookId)).toEqual([...stale].sort());
    expect(first.books.slice(0, 19).every((b) => !b.fresh)).toBe(true);
    expect(first.books.slice(19).every((b) => b.fresh)).toBe(true);
    const second = await answerOf(await t.request('/api/admin/rag-monitoring?page=2', { cookie: admin.cookie }), api.getRagMonitoring);
    expect(second.books).toHaveLength(21);
    expect(new Set([...first.books, ...second.books].map((b) => b.bookId)).size).toBe(121);
    expect((await t.request('/api/admin/rag-monitoring?page=0', { cookie: admin.cookie })).status).toBe(422);
  });

  it("drops a deleted book's passages from the index with it", async () => {
    await t.ctx.db.deleteFrom('bookChapters').where('bookId', '=', bookId).execute();
    await t.ctx.db.deleteFrom('libraryEntries').where('bookId', '=', bookId).execute();
    await t.ctx.db.deleteFrom('bookContributors').where('bookId', '=', bookId).execute();
    await t.ctx.db.deleteFrom('bookGenres').where('bookId', '=', bookId).execute();
    await t.ctx.db.deleteFrom('books').where('id', '=', bookId).execute();
    expect(await t.ctx.db.selectFrom('askPassages').selectAll().execute()).toEqual([]);
    const index = passageIndex(t.ctx.db);
    expect(await index.rankPassages(t.ctx.db, index.passageMatch(bookId, ['appl'])!, 10)).toEqual([]);
  });
});
