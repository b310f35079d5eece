/**
 * Who may write a review of a book, decided here and only here (the list's `canReview` and the
 * write routes both ask): a signed-in account allowed to review (sync/roles.ts) that owns the book
 * (a library entry), did not write or publish it, and is not blocked from reviewing.
 */
import type { ReviewRefusal } from '../../sync/api/reviews';
import { can } from '../../sync/roles';
import type { SessionUser } from '../auth/session-user';
import type { DB } from '../db/connection';

export async function reviewRefusal(db: DB, user: SessionUser | null | undefined, bookId: string): Promise<ReviewRefusal | null> {
  if (!user) return 'sign_in';
  if (!can(user, 'reviews:write')) return 'blocked';
  const [owned, contributed, blocked] = await Promise.all([
    db.selectFrom('libraryEntries').select('source').where('userId', '=', user.id).where('bookId', '=', bookId).executeTakeFirst(),
    db.selectFrom('bookContributors').select('bookId').where('userId', '=', user.id).where('bookId', '=', bookId).executeTakeFirst(),
    db.selectFrom('reviewBlocks').select('userId').where('userId', '=', user.id).executeTakeFirst(),
  ]);
  if (contributed || owned?.source === 'author') return 'own_book';
  if (!owned) return 'not_owner';
  if (blocked) return 'blocked';
  return null;
}
