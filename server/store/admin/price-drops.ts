/**
 * A wishlisted book getting cheaper tells its readers (in the app and by e-mail, as their
 * 'price_drops' settings say), through the job queue:
 *
 * - a change that lowers the price a buyer pays now queues PRICE_DROP_JOB at once;
 * - a discount whose start is still ahead queues DISCOUNT_START_JOB for that instant. Saving the
 *   book's price again cancels it (the new save schedules its own, if any).
 *
 * Either job finds the readers who wishlisted the book and queues one notice job per reader, so a
 * failed e-mail is retried for that reader alone. Every job first checks that the price it
 * announces is still the price (a later change, an unlisting or a removed wish silences it).
 */
import { effectivePriceAt, type PriceInput } from '../../../sync/store/pricing';
import type { AppContext } from '../../context';
import type { JobWorker } from '../../jobs/worker';
import { notifyUser } from '../../notifications/notify';
import { stillWishes, wishlistersOf } from './wishlisters';

const PRICE_DROP_JOB = 'store.price-drop';
const DISCOUNT_START_JOB = 'store.discount-start';
const PRICE_DROP_NOTICE_JOB = 'store.price-drop.notice';

interface Drop {
  bookId: string;
  fromCents: number;
  toCents: number;
  /** For a drop at a discount's start: that start, which must still be the discount's. */
  startsAt?: number;
}

export interface PriceDrops {
  /** The price paid now fell. */
  now: { fromCents: number; toCents: number } | null;
  /** A discount starts later: at its start the price falls from the list price to the discount's. */
  atStart: { at: number; fromCents: number; toCents: number } | null;
}

/** The drops a change of price and discount brings, at `now` and later (pure). */
export function priceDrops(before: PriceInput, after: PriceInput, now: number): PriceDrops {
  const was = effectivePriceAt(before, now);
  const is = effectivePriceAt(after, now);
  const start = after.discountStartsAt;
  const later = after.discountPriceCents !== null && start !== null && start > now && after.discountPriceCents < after.priceCents;
  return {
    now: is < was ? { fromCents: was, toCents: is } : null,
    atStart: later ? { at: start, fromCents: after.priceCents, toCents: after.discountPriceCents! } : null,
  };
}

/** Queue the jobs for a saved change (after its transaction committed); what the answer reports. */
export async function schedulePriceDrops(ctx: AppContext, bookId: string, drops: PriceDrops): Promise<'now' | 'scheduled' | null> {
  await ctx.queue.cancelWhere(DISCOUNT_START_JOB, 'bookId', bookId);
  if (drops.atStart) {
    const drop: Drop = { bookId, fromCents: drops.atStart.fromCents, toCents: drops.atStart.toCents, startsAt: drops.atStart.at };
    await ctx.queue.enqueue(DISCOUNT_START_JOB, drop, { runAt: drops.atStart.at });
  }
  if (drops.now) await ctx.queue.enqueue(PRICE_DROP_JOB, { bookId, ...drops.now } satisfies Drop);
  return drops.now ? 'now' : drops.atStart ? 'scheduled' : null;
}

/** The book when the drop still holds: listed, at the announced price (and the same discount start). */
async function stillDropped(ctx: AppContext, drop: Drop) {
  const book = await ctx.db
    .selectFrom('books')
    .select(['id', 'title', 'status', 'currency', 'priceCents', 'discountPriceCents', 'discountStartsAt', 'discountEndsAt'])
    .where('id', '=', drop.bookId)
    .executeTakeFirst();
  if (!book || book.status !== 'published') return null;
  if (drop.startsAt !== undefined && book.discountStartsAt !== drop.startsAt) return null;
  return effectivePriceAt(book, ctx.now()) === drop.toCents ? book : null;
}

async function fanOut(ctx: AppContext, drop: Drop) {
  if (!(await stillDropped(ctx, drop))) return;
  for (const userId of await wishlistersOf(ctx.db, drop.bookId)) await ctx.queue.enqueue(PRICE_DROP_NOTICE_JOB, { ...drop, userId });
}

const money = (cents: number, currency: string) => new Intl.NumberFormat('en', { style: 'currency', currency }).format(cents / 100);
const day = (ms: number) => new Intl.DateTimeFormat('en', { dateStyle: 'medium', timeZone: 'UTC' }).format(ms);

async function tellReader(ctx: AppContext, drop: Drop & { userId: string }) {
  const book = await stillDropped(ctx, drop);
  if (!book || !(await stillWishes(ctx.db, drop.userId, drop.bookId))) return;
  const now = money(drop.toCents, book.currency);
  const until = book.discountPriceCents === drop.toCents && book.discountEndsAt !== null ? ` until ${day(book.discountEndsAt)}` : '';
  await notifyUser(ctx, drop.userId, {
    event: 'price_drops',
    title: `Price drop: “${book.title}” is now ${drop.toCents === 0 ? 'free' : now}`,
    body: `“${book.title}”, on your wishlist, costs ${now} instead of ${money(drop.fromCents, book.currency)}${until}.`,
    link: `/book/${encodeURIComponent(book.id)}`,
  });
}

const isDrop = (p: unknown): p is Drop =>
  typeof p === 'object' &&
  p !== null &&
  typeof (p as Drop).bookId === 'string' &&
  Number.isInteger((p as Drop).toCents) &&
  Number.isInteger((p as Drop).fromCents);

export function registerStoreJobs(worker: JobWorker, ctx: AppContext) {
  // A malformed payload has nobody to tell.
  worker.register(PRICE_DROP_JOB, async (p: unknown) => (isDrop(p) ? fanOut(ctx, p) : undefined));
  worker.register(DISCOUNT_START_JOB, async (p: unknown) => (isDrop(p) ? fanOut(ctx, p) : undefined));
  worker.register(PRICE_DROP_NOTICE_JOB, async (p: unknown) =>
    isDrop(p) && typeof (p as { userId?: unknown }).userId === 'string' ? tellReader(ctx, p as Drop & { userId: string }) : undefined,
  );
}
