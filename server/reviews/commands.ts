/**
 * Changes to reviews. Each write and the rating summary it affects commit in one transaction;
 * each moderation action commits with its audit entry. A hidden review stays hidden when its
 * author edits it: only an admin's restore brings it back.
 */
import type { ReportReason } from '../../sync/api/reviews';
import { recordAudit } from '../audit/record';
import type { AdminActor } from '../admin/actor';
import type { AppContext } from '../context';
import type { DB } from '../db/connection';
import { conflict, forbidden, notFound } from '../http/errors';
import { newId } from '../http/ids';
import { refreshRatingSummary } from './summary';

export async function saveReview(ctx: AppContext, bookId: string, reviewerId: string, input: { rating: number; text: string }) {
  const now = ctx.now();
  await ctx.db.transaction().execute(async (trx) => {
    await trx
      .insertInto('reviews')
      .values({ id: newId(), bookId, reviewerId, rating: input.rating, text: input.text, createdAt: now, updatedAt: now })
      .onConflict((oc) => oc.columns(['bookId', 'reviewerId']).doUpdateSet({ rating: input.rating, text: input.text, updatedAt: now }))
      .execute();
    await refreshRatingSummary(trx, bookId);
  });
}

/** False when the reader had no review of the book. */
export async function deleteReview(ctx: AppContext, bookId: string, reviewerId: string): Promise<boolean> {
  return ctx.db.transaction().execute(async (trx) => {
    const { numDeletedRows } = await trx.deleteFrom('reviews').where('bookId', '=', bookId).where('reviewerId', '=', reviewerId).executeTakeFirst();
    await refreshRatingSummary(trx, bookId);
    return numDeletedRows > 0n;
  });
}

/** A hidden review cannot be reported (it is not shown); one's own cannot either. */
export async function reportReview(ctx: AppContext, reviewId: string, reporterId: string, reason: ReportReason) {
  const review = await ctx.db.selectFrom('reviews').select(['reviewerId', 'hidden']).where('id', '=', reviewId).executeTakeFirst();
  if (!review || review.hidden === 1) throw notFound('No such review.');
  if (review.reviewerId === reporterId) throw forbidden("You can't report your own review.");
  const { numInsertedOrUpdatedRows } = await ctx.db
    .insertInto('reviewReports')
    .values({ id: newId(), reviewId, reporterId, reason, createdAt: ctx.now() })
    .onConflict((oc) => oc.columns(['reviewId', 'reporterId']).doNothing())
    .executeTakeFirst();
  if (!numInsertedOrUpdatedRows) throw conflict('You have already reported this review.');
}

/** Hide or restore a review; either way its open reports are closed (an admin has looked). */
export async function setReviewHidden(ctx: AppContext, by: AdminActor, reviewId: string, hidden: boolean, note: string) {
  const now = ctx.now();
  await ctx.db.transaction().execute(async (trx) => {
    const review = await trx.selectFrom('reviews').select(['bookId', 'reviewerId']).where('id', '=', reviewId).executeTakeFirst();
    if (!review) throw notFound('No such review.');
    await trx
      .updateTable('reviews')
      .set(hidden ? { hidden: 1, hiddenBy: by.actor.id, hiddenAt: now } : { hidden: 0, hiddenBy: null, hiddenAt: null })
      .where('id', '=', reviewId)
      .execute();
    const { numUpdatedRows } = await trx
      .updateTable('reviewReports')
      .set({ resolved: 1 })
      .where('reviewId', '=', reviewId)
      .where('resolved', '=', 0)
      .executeTakeFirst();
    await refreshRatingSummary(trx, review.bookId);
    await recordAudit(trx, now, {
      ...by,
      action: hidden ? 'review.hidden' : 'review.restored',
      targetType: 'review',
      targetId: reviewId,
      detail: { bookId: review.bookId, reviewerId: review.reviewerId, reportsClosed: Number(numUpdatedRows), ...(note ? { note } : {}) },
    });
  });
}

export async function blockReviewer(ctx: AppContext, by: AdminActor, userId: string, note: string) {
  const now = ctx.now();
  await ctx.db.transaction().execute(async (trx) => {
    const user = await trx.selectFrom('users').select('id').where('id', '=', userId).executeTakeFirst();
    if (!user) throw notFound('No such user.');
    await trx
      .insertInto('reviewBlocks')
      .values({ userId, blockedBy: by.actor.id, blockedAt: now, note })
      .onConflict((oc) => oc.column('userId').doUpdateSet({ blockedBy: by.actor.id, blockedAt: now, note }))
      .execute();
    await recordAudit(trx, now, { ...by, action: 'user.review_blocked', targetType: 'user', targetId: userId, detail: { note } });
  });
}

export async function unblockReviewer(ctx: AppContext, by: AdminActor, userId: string) {
  const now = ctx.now();
  await ctx.db.transaction().execute(async (trx) => {
    const { numDeletedRows } = await trx.deleteFrom('reviewBlocks').where('userId', '=', userId).executeTakeFirst();
    if (!numDeletedRows) throw notFound('This person is not blocked from reviewing.');
    await recordAudit(trx, now, { ...by, action: 'user.review_unblocked', targetType: 'user', targetId: userId });
  });
}

/** An erasure step (server/account/erase-account.ts): the person's reviews, reports and block go; the books they rated are recounted. */
export async function eraseReviewer(trx: DB, userId: string) {
  const rated = await trx.selectFrom('reviews').select('bookId').where('reviewerId', '=', userId).execute();
  await trx.deleteFrom('reviews').where('reviewerId', '=', userId).execute();
  await trx.deleteFrom('reviewReports').where('reporterId', '=', userId).execute();
  await trx.deleteFrom('reviewBlocks').where('userId', '=', userId).execute();
  for (const { bookId } of rated) await refreshRatingSummary(trx, bookId);
}
