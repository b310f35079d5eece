/**
 * Reading reviews: a book's visible reviews (newest first), the caller's own, and the admin
 * queues. `verifiedReader` is read live from library_entries, so a refunded reader loses the badge.
 */
import type { AdminReviewFilter, AdminReviewRow, MyReview, ReportReason, Review } from '../../sync/api/reviews';
import type { DB } from '../db/connection';

function reviewsWithReviewer(db: DB) {
  return db
    .selectFrom('reviews as r')
    .innerJoin('users as u', 'u.id', 'r.reviewerId')
    .leftJoin('libraryEntries as le', (j) => j.onRef('le.userId', '=', 'r.reviewerId').onRef('le.bookId', '=', 'r.bookId'))
    .select((eb) => [
      'r.id',
      'r.rating',
      'r.text',
      'r.createdAt',
      'r.updatedAt',
      'r.hidden',
      'u.username',
      'u.displayName',
      eb('le.userId', 'is not', null).as('verified'),
    ]);
}

type Row = Awaited<ReturnType<ReturnType<typeof reviewsWithReviewer>['executeTakeFirstOrThrow']>>;

function present(row: Row): Review {
  return {
    id: row.id,
    rating: row.rating,
    text: row.text,
    createdAt: row.createdAt,
    updatedAt: row.updatedAt,
    reviewer: { username: row.username, displayName: row.displayName },
    verifiedReader: Boolean(row.verified),
  };
}

export async function visibleReviews(db: DB, bookId: string, page: number, pageSize: number): Promise<Review[]> {
  const rows = await reviewsWithReviewer(db)
    .where('r.bookId', '=', bookId)
    .where('r.hidden', '=', 0)
    .orderBy('r.createdAt', 'desc')
    .orderBy('r.id')
    .limit(pageSize)
    .offset((page - 1) * pageSize)
    .execute();
  return rows.map(present);
}

export async function myReview(db: DB, bookId: string, userId: string): Promise<MyReview | null> {
  const row = await reviewsWithReviewer(db).where('r.bookId', '=', bookId).where('r.reviewerId', '=', userId).executeTakeFirst();
  return row ? { ...present(row), hidden: row.hidden === 1 } : null;
}

function adminQueue(db: DB, filter: AdminReviewFilter) {
  let query = db.selectFrom('reviews as r');
  if (filter === 'hidden') query = query.where('r.hidden', '=', 1);
  if (filter === 'reported') {
    query = query.where((eb) =>
      eb.exists(eb.selectFrom('reviewReports as rr').select('rr.id').whereRef('rr.reviewId', '=', 'r.id').where('rr.resolved', '=', 0)),
    );
  }
  return query;
}

export async function adminReviews(db: DB, filter: AdminReviewFilter, page: number, pageSize: number): Promise<{ items: AdminReviewRow[]; total: number }> {
  const order = filter === 'hidden' ? ('r.hiddenAt' as const) : ('r.createdAt' as const);
  const [rows, count] = await Promise.all([
    adminQueue(db, filter)
      .innerJoin('users as u', 'u.id', 'r.reviewerId')
      .innerJoin('books as b', 'b.id', 'r.bookId')
      .leftJoin('users as h', 'h.id', 'r.hiddenBy')
      .select((eb) => [
        'r.id',
        'r.rating',
        'r.text',
        'r.createdAt',
        'r.updatedAt',
        'r.hidden',
        'r.hiddenAt',
        'h.username as hiddenBy',
        'b.id as bookId',
        'b.title as bookTitle',
        'u.id as reviewerId',
        'u.username',
        'u.displayName',
        eb.exists(eb.selectFrom('reviewBlocks as rb').select('rb.userId').whereRef('rb.userId', '=', 'r.reviewerId')).as('blocked'),
      ])
      .orderBy(order, 'desc')
      .orderBy('r.id')
      .limit(pageSize)
      .offset((page - 1) * pageSize)
      .execute(),
    adminQueue(db, filter)
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow(),
  ]);
  const reports = rows.length
    ? await db
        .selectFrom('reviewReports')
        .select(['reviewId', 'reason'])
        .where(
          'reviewId',
          'in',
          rows.map((r) => r.id),
        )
        .where('resolved', '=', 0)
        .execute()
    : [];
  const items = rows.map((r): AdminReviewRow => {
    const open = reports.filter((p) => p.reviewId === r.id);
    return {
      id: r.id,
      rating: r.rating,
      text: r.text,
      createdAt: r.createdAt,
      updatedAt: r.updatedAt,
      hidden: r.hidden === 1,
      hiddenAt: r.hiddenAt,
      hiddenBy: r.hiddenBy,
      book: { id: r.bookId, title: r.bookTitle },
      reviewer: { id: r.reviewerId, username: r.username, displayName: r.displayName, blocked: Boolean(r.blocked) },
      openReports: open.length,
      reasons: [...new Set(open.map((p) => p.reason as ReportReason))],
    };
  });
  return { items, total: Number(count.n) };
}
