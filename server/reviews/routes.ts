/**
 * Reviews: the public list of a book's reviews, the reader's own review (write, edit, delete),
 * reports, and the admin moderation routes. Mounted at /api because its paths span /api/books,
 * /api/reviews and /api/admin; the admin routes also sit behind /api/admin's own guard, and check
 * 'admin:access' themselves. Writes are rate-limited per account before their body is read.
 */
import { Hono } from 'hono';
import * as api from '../../sync/api/reviews';
import { adminActor } from '../admin/actor';
import { accessToBook } from '../books/access';
import type { AppContext, AppEnv } from '../context';
import { on } from '../http/endpoint';
import { notFound } from '../http/errors';
import { requirePermission, requireUser } from '../http/guard';
import { buildLimiter, limitBefore } from '../http/rate-limit';
import { RATE_LIMITS } from '../limits';
import { blockReviewer, deleteReview, reportReview, saveReview, setReviewHidden, unblockReviewer } from './commands';
import { reviewRefusal } from './policy';
import { adminReviews, myReview, visibleReviews } from './queries';
import { refuseReview } from './refusal';
import { readRatingSummary } from './summary';

const AT = '/api';

export function reviewRoutes(ctx: AppContext) {
  const router = new Hono<AppEnv>();
  const limiter = buildLimiter(ctx, 'review-writes', RATE_LIMITS.reviewWritesPerAccount);
  const limited = limitBefore(limiter, (c) => requireUser(c).id);
  router.on(['PUT', 'DELETE'], '/books/:bookId/reviews/mine', limited);
  router.post('/reviews/:id/report', limited);

  const visibleBook = async (bookId: string, user: AppEnv['Variables']['user']) => {
    const found = await accessToBook(ctx, bookId, user);
    if (!found || found.access === 'none') throw notFound('No such book.');
    return found.book.id;
  };

  on(router, AT, api.listBookReviews, async (c, { params, query }) => {
    const user = c.get('user');
    const bookId = await visibleBook(params.bookId, user);
    const [summary, items, mine, refusal] = await Promise.all([
      readRatingSummary(ctx.db, bookId),
      visibleReviews(ctx.db, bookId, query.page, api.REVIEW_PAGE_SIZE),
      user ? myReview(ctx.db, bookId, user.id) : null,
      reviewRefusal(ctx.db, user, bookId),
    ]);
    return { summary, items, page: query.page, pageSize: api.REVIEW_PAGE_SIZE, total: summary.count, mine, canReview: refusal ?? ('yes' as const) };
  });

  on(router, AT, api.saveMyReview, async (c, { params, body }) => {
    const user = requireUser(c);
    const bookId = await visibleBook(params.bookId, user);
    const refusal = await reviewRefusal(ctx.db, user, bookId);
    if (refusal) refuseReview(refusal);
    await saveReview(ctx, bookId, user.id, body);
    const [review, summary] = await Promise.all([myReview(ctx.db, bookId, user.id), readRatingSummary(ctx.db, bookId)]);
    return { review: review!, summary };
  });

  // Removing one's own review needs no ownership: a refunded or blocked reader may still take it down.
  on(router, AT, api.deleteMyReview, async (c, { params }) => {
    const user = requireUser(c);
    const bookId = await visibleBook(params.bookId, user);
    if (!(await deleteReview(ctx, bookId, user.id))) throw notFound("You haven't reviewed this book.");
    return undefined;
  });

  on(router, AT, api.reportReview, async (c, { params, body }) => {
    const user = requirePermission(c, 'account:use');
    await reportReview(ctx, params.id, user.id, body.reason);
    return { ok: true };
  });

  on(router, AT, api.listAdminReviews, async (c, { query }) => {
    adminActor(c);
    const { items, total } = await adminReviews(ctx.db, query.filter, query.page, api.ADMIN_REVIEW_PAGE_SIZE);
    return { items, total, page: query.page, pageSize: api.ADMIN_REVIEW_PAGE_SIZE };
  });
  on(router, AT, api.hideReview, async (c, { params, body }) => {
    await setReviewHidden(ctx, adminActor(c), params.id, true, body.note);
    return { ok: true };
  });
  on(router, AT, api.restoreReview, async (c, { params, body }) => {
    await setReviewHidden(ctx, adminActor(c), params.id, false, body.note);
    return { ok: true };
  });
  on(router, AT, api.blockReviewer, async (c, { params, body }) => {
    await blockReviewer(ctx, adminActor(c), params.id, body.note);
    return { ok: true };
  });
  on(router, AT, api.unblockReviewer, async (c, { params }) => {
    await unblockReviewer(ctx, adminActor(c), params.id);
    return { ok: true };
  });
  return router;
}
