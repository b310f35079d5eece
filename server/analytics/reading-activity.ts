/**
 * Reading time, recorded the least invasive way (decision 047): the reader already saves the
 * reading position a moment after each page turn (the replicated `library-progress` document).
 * Each save a device pushes adds, to that person's row for the book and the UTC day, the time
 * since their previous save of it — when that gap is short enough to have been spent reading.
 * A longer gap is a break and adds nothing. Time is the server's, never the device's clock.
 * Reading done offline reaches the server as one save (the document keeps only the newest
 * position), so it shows as activity on the day it syncs, with no minutes.
 */
import { sql } from 'kysely';
import { dayOf } from '../../sync/analytics/days';
import type { AppContext } from '../context';
import { STORE_STATUSES } from '../store/admin/books';
import type { DB } from '../db/connection';
import { larger } from '../db/portable';

/** A gap between two saves longer than this was not spent reading (a page rarely takes longer). */
export const READING_GAP_MAX_MS = 5 * 60_000;

/** Notes one save of a person's position in a book at `at` (ms). */
export async function noteReading(db: DB, userId: string, bookId: string, at: number): Promise<void> {
  await db
    .insertInto('readingDays')
    .values({ day: dayOf(at), userId, bookId, readingMs: 0, lastAt: at })
    .onConflict((oc) =>
      oc.columns(['day', 'userId', 'bookId']).doUpdateSet({
        // Qualified: PostgreSQL also sees `excluded`'s columns here.
        readingMs: sql<number>`reading_days.reading_ms + CASE WHEN ${at} > reading_days.last_at AND ${at} - reading_days.last_at <= ${READING_GAP_MAX_MS} THEN ${at} - reading_days.last_at ELSE 0 END`,
        lastAt: larger(sql<number>`reading_days.last_at`, at),
      }),
    )
    .execute();
}

/**
 * Listens to the positions devices push (never the server's own writes; the collection's push
 * rule already keeps them to the writer's own). Only store books count: a private sideload's
 * title must not reach the admin's top books (decision 025).
 */
export function recordReadingActivity(ctx: AppContext): void {
  ctx.docEvents.on('library-progress', async ({ doc, deleted, writerId }) => {
    if (!writerId || deleted || typeof doc.bookId !== 'string') return;
    const at = ctx.now(); // the push's moment, not whenever the look-up below finishes
    const book = await ctx.db
      .selectFrom('books')
      .select('id')
      .where('id', '=', doc.bookId)
      .where('status', 'in', [...STORE_STATUSES])
      .executeTakeFirst();
    if (book) await noteReading(ctx.db, writerId, book.id, at);
  });
}
