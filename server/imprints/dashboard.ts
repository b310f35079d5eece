/**
 * The /publisher dashboard's numbers for one imprint: its books by state, sales from paid orders
 * of its books (refunds taken off, per currency: amounts in different currencies are never
 * added), the latest uploads and books, and the onboarding checklist's ticks.
 */
import { PUBLISHING_STATES } from '../../sync/publishing/state-machine';
import type { PublisherDashboard } from '../../sync/api/publisher-team';
import type { AppContext } from '../context';

const DAY = 24 * 60 * 60 * 1000;
/** Books are never 'rejected' (a rejection leaves the book where it was): the states a book can be in. */
const BOOK_STATES = PUBLISHING_STATES.filter((s) => s !== 'rejected');
const RECENT = 5;

async function sales(ctx: AppContext, imprintId: string, since: number | null) {
  let q = ctx.db
    .selectFrom('orderLines')
    .innerJoin('orders', 'orders.id', 'orderLines.orderId')
    .innerJoin('books', 'books.id', 'orderLines.bookId')
    .where('books.imprintId', '=', imprintId)
    .where('orders.status', 'in', ['paid', 'partially_refunded']);
  if (since !== null) q = q.where('orders.paidAt', '>=', since);
  const rows = await q
    .select((eb) => [
      'orders.currency',
      eb.fn.countAll<number>().filterWhere('orderLines.refundedAt', 'is', null).as('copies'),
      eb.fn.sum<number>(eb('orderLines.unitPriceCents', '-', eb.ref('orderLines.refundedCents'))).as('cents'),
    ])
    .groupBy('orders.currency')
    .orderBy('orders.currency')
    .execute();
  return {
    copies: rows.reduce((n, r) => n + Number(r.copies), 0),
    revenue: rows.map((r) => ({ currency: r.currency, cents: Number(r.cents) })).filter((r) => r.cents > 0),
  };
}

export async function publisherDashboard(ctx: AppContext, imprintId: string): Promise<PublisherDashboard> {
  const now = ctx.now();
  const [states, all, recent30, uploads, books, imprint, members, isbns] = await Promise.all([
    ctx.db
      .selectFrom('books')
      .select((eb) => ['status', eb.fn.countAll<number>().as('n')])
      .where('imprintId', '=', imprintId)
      .groupBy('status')
      .execute(),
    sales(ctx, imprintId, null),
    sales(ctx, imprintId, now - 30 * DAY),
    ctx.db
      .selectFrom('uploads')
      .leftJoin('users', 'users.id', 'uploads.uploaderId')
      .select(['uploads.id', 'uploads.fileName', 'uploads.kind', 'uploads.status', 'uploads.createdAt', 'users.username'])
      .where('uploads.imprintId', '=', imprintId)
      .orderBy('uploads.createdAt', 'desc')
      .limit(RECENT)
      .execute(),
    ctx.db
      .selectFrom('books')
      .select(['id', 'title', 'status', 'updatedAt'])
      .where('imprintId', '=', imprintId)
      .orderBy('updatedAt', 'desc')
      .limit(RECENT)
      .execute(),
    ctx.db
      .selectFrom('imprints')
      .select(['description', 'website', 'contactEmail', 'payoutLast4', 'storeSlug'])
      .where('id', '=', imprintId)
      .executeTakeFirstOrThrow(),
    ctx.db
      .selectFrom('imprintMembers')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('imprintId', '=', imprintId)
      .executeTakeFirstOrThrow(),
    ctx.db.selectFrom('imprintIsbns').select('isbn').where('imprintId', '=', imprintId).limit(1).executeTakeFirst(),
  ]);
  const count = new Map(states.map((s) => [s.status as string, Number(s.n)]));
  return {
    booksByState: BOOK_STATES.map((state) => ({ state, count: count.get(state) ?? 0 })),
    sales: { copies: all.copies, copies30d: recent30.copies, revenue: all.revenue, revenue30d: recent30.revenue },
    recentUploads: uploads.map((u) => ({
      id: u.id,
      fileName: u.fileName,
      kind: u.kind,
      status: u.status,
      createdAt: u.createdAt,
      uploader: u.username ?? 'a former member',
    })),
    recentBooks: books,
    onboarding: {
      details: imprint.description !== '' || imprint.website !== '' || imprint.contactEmail !== '',
      team: Number(members.n) > 1,
      payout: imprint.payoutLast4 !== null,
      isbns: isbns !== undefined,
      books: books.length > 0,
      storefront: imprint.storeSlug !== null,
    },
  };
}
