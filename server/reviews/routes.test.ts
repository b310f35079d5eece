/** Reviews end to end through the HTTP API, against a fresh SQLite file per test. */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import * as api from '../../sync/api/reviews';
import { eraseAccount } from '../account/erase-account';
import { buildAdmin, buildSignedInUser } from '../admin/test-helpers';
import { newId } from '../http/ids';
import { answerOf, buildTestContext, errorOf, type TestContext } from '../test/test-context';

let t: TestContext;
let bookId: string;

async function buildBook(status: 'published' | 'draft' = 'published') {
  const id = newId();
  const now = t.ctx.now();
  await t.ctx.db
    .insertInto('books')
    .values({
      id,
      slug: `book-${id}`,
      title: `Book ${id}`,
      subtitle: '',
      description: '',
      language: 'en',
      isbn: null,
      priceCents: 500,
      currency: 'USD',
      pageCount: null,
      publisherName: '',
      imprintId: null,
      genres: '[]',
      status,
      featured: 0,
      coverPath: null,
      publishedAt: now,
      createdAt: now,
      updatedAt: now,
      issued: null,
    })
    .execute();
  return id;
}

async function own(userId: string, book = bookId, source: 'purchase' | 'author' = 'purchase') {
  await t.ctx.db.insertInto('libraryEntries').values({ userId, bookId: book, source, acquiredAt: t.ctx.now() }).execute();
}

async function reader(owns = true) {
  const r = await buildSignedInUser(t.ctx);
  if (owns) await own(r.user.id);
  return r;
}

const save = (cookie: string | undefined, json: unknown, book = bookId) => t.request(`/api/books/${book}/reviews/mine`, { method: 'PUT', cookie, json });
const list = async (cookie?: string, book = bookId) => answerOf(await t.request(`/api/books/${book}/reviews`, { cookie }), api.listBookReviews);
const summaryRow = () => t.ctx.db.selectFrom('books').select(['ratingCount', 'ratingSum']).where('id', '=', bookId).executeTakeFirstOrThrow();
const audit = (action: string) => t.ctx.db.selectFrom('auditLog').selectAll().where('action', '=', action).execute();

beforeEach(async () => {
  t = await buildTestContext();
  bookId = await buildBook();
});
afterEach(async () => t.close());

describe('writing a review', () => {
  it('refuses readers who do not own the book with 403 not_owner, and visitors with 401', async () => {
    const { cookie } = await reader(false);
    const res = await save(cookie, { rating: 4, text: 'Lovely.' });
    expect(res.status).toBe(403);
    expect(await errorOf(res)).toMatchObject({ code: 'forbidden', reason: 'not_owner' });
    expect((await save(undefined, { rating: 4 })).status).toBe(401);
    expect((await list(cookie)).canReview).toBe('not_owner');
    expect(await summaryRow()).toEqual({ ratingCount: 0, ratingSum: 0 });
  });

  it("refuses the book's own author", async () => {
    const { user, cookie } = await reader(false);
    await own(user.id, bookId, 'author');
    const res = await save(cookie, { rating: 5 });
    expect(await errorOf(res)).toMatchObject({ reason: 'own_book' });
  });

  it('lets an owner write one review, edit it, and shows it with the verified badge and summary', async () => {
    const a = await reader();
    const b = await reader();
    const first = await answerOf(await save(a.cookie, { rating: 4, text: 'Good <b>book</b>.\r\n\r\n\r\n\u0007Really.' }), api.saveMyReview);
    expect(first.review).toMatchObject({ rating: 4, text: 'Good book.\n\nReally.', verifiedReader: true, hidden: false });
    await save(b.cookie, { rating: 2 });
    const edited = await answerOf(await save(a.cookie, { rating: 5, text: 'Even better' }), api.saveMyReview);
    expect(edited.review.id).toBe(first.review.id);
    expect(edited.summary).toEqual({ count: 2, average: 3.5, histogram: [0, 1, 0, 0, 1] });
    expect(await summaryRow()).toEqual({ ratingCount: 2, ratingSum: 7 });

    const page = await list(a.cookie);
    expect(page.items.map((r) => r.rating).sort()).toEqual([2, 5]);
    expect(page.items.every((r) => r.verifiedReader)).toBe(true);
    expect(page.items.find((r) => r.rating === 5)?.reviewer.displayName).toBe(a.user.displayName);
    expect(page.mine?.text).toBe('Even better');
    expect(page.canReview).toBe('yes');
    expect((await list()).canReview).toBe('sign_in');
  });

  it('answers 422 with field messages for a bad rating or too long text', async () => {
    const { cookie } = await reader();
    for (const rating of [0, 6, 3.5, '4']) {
      const res = await save(cookie, { rating });
      expect(res.status).toBe(422);
      expect((await errorOf(res)).fields?.rating).toBe('Choose a rating from 1 to 5 stars.');
    }
    const long = await save(cookie, { rating: 3, text: 'x'.repeat(api.REVIEW_TEXT_MAX + 1) });
    expect(long.status).toBe(422);
    expect((await errorOf(long)).fields?.text).toMatch(/under 5,000 characters/);
  });

  it('deletes only the caller’s own review and updates the summary', async () => {
    const a = await reader();
    const b = await reader();
    await save(a.cookie, { rating: 1 });
    expect((await t.request(`/api/books/${bookId}/reviews/mine`, { method: 'DELETE', cookie: b.cookie })).status).toBe(404);
    expect((await list()).total).toBe(1);
    expect((await t.request(`/api/books/${bookId}/reviews/mine`, { method: 'DELETE', cookie: a.cookie })).status).toBe(204);
    expect(await summaryRow()).toEqual({ ratingCount: 0, ratingSum: 0 });
    expect((await list()).items).toEqual([]);
  });

  it('answers 404 for a book that is not published', async () => {
    const draft = await buildBook('draft');
    const { cookie } = await reader(false);
    expect((await t.request(`/api/books/${draft}/reviews`)).status).toBe(404);
    expect((await save(cookie, { rating: 3 }, draft)).status).toBe(404);
  });

  it('rate-limits writes per account', async () => {
    await t.close();
    t = await buildTestContext({ rateLimitScale: 0.1 }); // 3 writes an hour
    bookId = await buildBook();
    const { cookie } = await reader();
    for (let i = 0; i < 3; i++) expect((await save(cookie, { rating: 3 })).status).toBe(200);
    const res = await save(cookie, { rating: 3 });
    expect(res.status).toBe(429);
  });
});

describe('reports and moderation', () => {
  async function reviewed() {
    const author = await reader();
    const { review } = await answerOf(await save(author.cookie, { rating: 1, text: 'Buy cheap watches at …' }), api.saveMyReview);
    return { author, review };
  }
  const report = (id: string, cookie: string | undefined, reason = 'spam') =>
    t.request(`/api/reviews/${id}/report`, { method: 'POST', cookie, json: { reason } });

  it('takes one report per reader (409 on a repeat), never of one’s own review', async () => {
    const { author, review } = await reviewed();
    const other = await reader(false);
    expect((await report(review.id, undefined)).status).toBe(401);
    expect((await report(review.id, other.cookie)).status).toBe(201);
    const again = await report(review.id, other.cookie, 'offensive');
    expect(again.status).toBe(409);
    expect((await report(review.id, author.cookie)).status).toBe(403);
    expect((await report(review.id, other.cookie, 'rude')).status).toBe(422);
  });

  it('shows reported reviews to admins only; hiding removes the review from the list and the summary, audited', async () => {
    const { review } = await reviewed();
    const other = await reader(false);
    await report(review.id, other.cookie, 'spam');
    const admin = await buildAdmin(t.ctx);

    expect((await t.request('/api/admin/reviews', { cookie: other.cookie })).status).toBe(403);
    expect((await t.request(`/api/admin/reviews/${review.id}/hide`, { method: 'POST', cookie: other.cookie, json: {} })).status).toBe(403);
    const queue = await answerOf(await t.request('/api/admin/reviews', { cookie: admin.cookie }), api.listAdminReviews);
    expect(queue.items).toMatchObject([{ id: review.id, openReports: 1, reasons: ['spam'], hidden: false }]);

    expect((await t.request(`/api/admin/reviews/${review.id}/hide`, { method: 'POST', cookie: admin.cookie, json: { note: 'spam link' } })).status).toBe(200);
    expect((await list()).items).toEqual([]);
    expect(await summaryRow()).toEqual({ ratingCount: 0, ratingSum: 0 });
    expect((await report(review.id, (await reader(false)).cookie)).status).toBe(404);
    const reported = await answerOf(await t.request('/api/admin/reviews', { cookie: admin.cookie }), api.listAdminReviews);
    expect(reported.items).toEqual([]);
    const hidden = await answerOf(await t.request('/api/admin/reviews?filter=hidden', { cookie: admin.cookie }), api.listAdminReviews);
    expect(hidden.items).toMatchObject([{ id: review.id, hidden: true, hiddenBy: admin.user.username, openReports: 0 }]);
    expect(await audit('review.hidden')).toMatchObject([{ actorId: admin.user.id, targetId: review.id }]);

    await t.request(`/api/admin/reviews/${review.id}/restore`, { method: 'POST', cookie: admin.cookie, json: {} });
    expect((await list()).items.map((r) => r.id)).toEqual([review.id]);
    expect(await summaryRow()).toEqual({ ratingCount: 1, ratingSum: 1 });
    expect(await audit('review.restored')).toHaveLength(1);
  });

  it('keeps a hidden review hidden when its author edits it, and shows it to them as hidden', async () => {
    const { author, review } = await reviewed();
    const admin = await buildAdmin(t.ctx);
    await t.request(`/api/admin/reviews/${review.id}/hide`, { method: 'POST', cookie: admin.cookie, json: {} });
    const edited = await answerOf(await save(author.cookie, { rating: 2, text: 'Edited' }), api.saveMyReview);
    expect(edited.review.hidden).toBe(true);
    expect(edited.summary.count).toBe(0);
    expect((await list(author.cookie)).mine).toMatchObject({ hidden: true, text: 'Edited' });
  });

  it('blocks a reviewer from writing (403 blocked) until unblocked, audited', async () => {
    const r = await reader();
    const admin = await buildAdmin(t.ctx);
    const block = (cookie: string, json: unknown) => t.request(`/api/admin/users/${r.user.id}/review-block`, { method: 'POST', cookie, json });
    expect((await block(r.cookie, { note: 'self' })).status).toBe(403);
    expect((await block(admin.cookie, { note: '' })).status).toBe(422);
    expect((await block(admin.cookie, { note: 'Repeated spam' })).status).toBe(200);

    const res = await save(r.cookie, { rating: 5 });
    expect(res.status).toBe(403);
    expect(await errorOf(res)).toMatchObject({ reason: 'blocked' });
    expect((await list(r.cookie)).canReview).toBe('blocked');
    expect(await audit('user.review_blocked')).toMatchObject([{ actorId: admin.user.id, targetId: r.user.id }]);

    expect((await t.request(`/api/admin/users/${r.user.id}/review-block`, { method: 'DELETE', cookie: admin.cookie })).status).toBe(200);
    expect((await save(r.cookie, { rating: 5 })).status).toBe(200);
    expect(await audit('user.review_unblocked')).toHaveLength(1);
  });
});

describe('account erasure', () => {
  it("removes the person's reviews and reports and recounts the books they rated", async () => {
    const gone = await reader();
    const stays = await reader();
    await save(gone.cookie, { rating: 1, text: 'Mine to erase' });
    const { review } = await answerOf(await save(stays.cookie, { rating: 5 }), api.saveMyReview);
    await t.request(`/api/reviews/${review.id}/report`, { method: 'POST', cookie: gone.cookie, json: { reason: 'spam' } });
    await t.ctx.db
      .updateTable('users')
      .set({ status: 'deleting', deletionDueAt: t.ctx.now() - 1 })
      .where('id', '=', gone.user.id)
      .execute();

    expect(await eraseAccount(t.ctx, gone.user.id)).toBe(true);
    expect(await t.ctx.db.selectFrom('reviews').select('text').where('reviewerId', '=', gone.user.id).execute()).toEqual([]);
    expect(await t.ctx.db.selectFrom('reviewReports').select('id').where('reporterId', '=', gone.user.id).execute()).toEqual([]);
    expect(await summaryRow()).toEqual({ ratingCount: 1, ratingSum: 5 });
  });
});
