/**
 * Followers hear when an author they follow publishes a new book. Publishing (saveBook with the
 * `published` status, or any future path that publishes) calls `announceIfFirstPublished` in its
 * transaction: the first time a book is published it is recorded in book_announcements, and when
 * any of its authors has followers a job is queued with it — so the notices leave only if the
 * publication commits, and a book unlisted and listed again is not news twice. The job then fans
 * out one job per follower (all in one transaction, so a retry never doubles them), and each of
 * those tells its follower through notifyUser (in-app and e-mail, as their settings for
 * `followed_authors` say) unless they stopped following in the meantime.
 */
import type { AppContext } from '../context';
import type { DB } from '../db/connection';
import type { JobWorker } from '../jobs/worker';
import { notifyUser } from '../notifications/notify';
import { followersOf, hasFollowers, isFollowing } from './follows';
import { authorsInStore } from './queries';

export const NEW_BOOK_JOB = 'authors.new-book';
const NEW_BOOK_NOTICE_JOB = 'authors.new-book-notice';

const AUTHOR_ROLES = ['author', 'co-author'];

/** Accounts credited as authors of the book, whatever its status (inside the publishing transaction). */
async function creditedAccounts(db: DB, bookId: string): Promise<string[]> {
  const rows = await db
    .selectFrom('bookContributors')
    .select('userId')
    .distinct()
    .where('bookId', '=', bookId)
    .where('role', 'in', AUTHOR_ROLES)
    .where('userId', 'is not', null)
    .execute();
  return rows.map((r) => r.userId!);
}

/** Call in the transaction that publishes the book; does nothing after the first time. */
export async function announceIfFirstPublished(ctx: AppContext, trx: DB, bookId: string): Promise<void> {
  const inserted = await trx
    .insertInto('bookAnnouncements')
    .values({ bookId, announcedAt: ctx.now() })
    .onConflict((oc) => oc.column('bookId').doNothing())
    .executeTakeFirst();
  if (Number(inserted.numInsertedOrUpdatedRows ?? 0) === 0) return;
  if (await hasFollowers(trx, await creditedAccounts(trx, bookId))) await ctx.queue.enqueue(NEW_BOOK_JOB, { bookId }, { in: trx });
}

/** The book's active author accounts, while it is in the store. */
async function storeAuthors(ctx: AppContext, bookId: string) {
  return authorsInStore(ctx).select(['users.id', 'users.displayName', 'books.title']).where('books.id', '=', bookId).orderBy('bookContributors.ord').execute();
}

async function fanOut(ctx: AppContext, payload: { bookId?: unknown }): Promise<void> {
  if (typeof payload?.bookId !== 'string') return;
  const bookId = payload.bookId;
  const authorIds = (await storeAuthors(ctx, bookId)).map((a) => a.id);
  const followers = (await followersOf(ctx.db, authorIds)).filter((id) => !authorIds.includes(id));
  if (followers.length === 0) return;
  await ctx.db.transaction().execute(async (trx) => {
    for (const userId of followers) await ctx.queue.enqueue(NEW_BOOK_NOTICE_JOB, { bookId, userId }, { in: trx });
  });
}

async function tellFollower(ctx: AppContext, payload: { bookId?: unknown; userId?: unknown }): Promise<void> {
  if (typeof payload?.bookId !== 'string' || typeof payload.userId !== 'string') return;
  const { bookId, userId } = payload as { bookId: string; userId: string };
  const authors = await storeAuthors(ctx, bookId);
  const followed = [];
  for (const a of authors) if (await isFollowing(ctx.db, userId, a.id)) followed.push(a);
  if (followed.length === 0) return; // unfollowed since, or the book left the store
  const title = authors[0]!.title;
  const names = followed.map((a) => a.displayName).join(' and ');
  await notifyUser(ctx, userId, {
    event: 'followed_authors',
    title: `New from ${names}: “${title}”`,
    body: `${names} just published “${title}”. It is in the store now.`,
    link: `/book/${encodeURIComponent(bookId)}`,
  });
}

export function registerAuthorJobs(worker: JobWorker, ctx: AppContext) {
  worker.register(NEW_BOOK_JOB, (payload: { bookId?: unknown }) => fanOut(ctx, payload));
  worker.register(NEW_BOOK_NOTICE_JOB, (payload: { bookId?: unknown; userId?: unknown }) => tellFollower(ctx, payload));
}
