/**
 * The erasure of an account whose grace period is over, run by the `account.erase` job.
 * It is a list of steps in one transaction: features that store personal data add a step here
 * (the store will add "anonymise orders": keep the totals, drop the buyer's name and address).
 * The users row itself stays, anonymised, so foreign keys and the append-only audit log still
 * point somewhere. Idempotent: a finished or undone erasure does nothing the second time.
 */
import { recordAudit } from '../audit/record';
import { invalidateUserSessions } from '../auth/sessions';
import type { AppContext } from '../context';
import type { DB } from '../db/connection';
import { eraseReviewer } from '../reviews/commands';

export const ERASE_JOB = 'account.erase';

interface ErasureStep {
  name: string;
  run(trx: DB, user: { id: string; email: string }, now: number): Promise<unknown>;
}

const ERASURE_STEPS: ErasureStep[] = [
  { name: 'sessions', run: (trx, u) => trx.deleteFrom('sessions').where('userId', '=', u.id).execute() },
  {
    name: 'auth codes',
    run: (trx, u) =>
      trx
        .deleteFrom('authCodes')
        .where((eb) => eb.or([eb('userId', '=', u.id), eb('email', '=', u.email)]))
        .execute(),
  },
  { name: 'role requests', run: (trx, u) => trx.deleteFrom('roleRequests').where('userId', '=', u.id).execute() },
  { name: 'beta requests', run: (trx, u) => trx.deleteFrom('betaRequests').where('email', '=', u.email).execute() },
  { name: 'notification prefs', run: (trx, u) => trx.deleteFrom('notificationPrefs').where('userId', '=', u.id).execute() },
  { name: 'notifications', run: (trx, u) => trx.deleteFrom('notifications').where('userId', '=', u.id).execute() },
  // Replicated notifications (audience: the person alone); their devices' copies go with the account.
  {
    name: 'replicated notifications',
    run: async (trx, u) => {
      const own = trx.selectFrom('syncAudience').select('docId').where('collection', '=', 'notifications').where('userId', '=', u.id);
      await trx.deleteFrom('syncDocs').where('collection', '=', 'notifications').where('id', 'in', own).execute();
      await trx.deleteFrom('syncAudience').where('collection', '=', 'notifications').where('userId', '=', u.id).execute();
    },
  },
  // A sideloaded book is the person's private copy: it goes entirely (its blobs become orphans).
  {
    name: 'sideloaded books',
    run: (trx, u) =>
      trx
        .deleteFrom('books')
        .where('id', 'in', trx.selectFrom('sideloads').select('bookId').where('ownerId', '=', u.id))
        .execute(),
  },
  { name: 'reading activity', run: (trx, u) => trx.deleteFrom('readingDays').where('userId', '=', u.id).execute() },
  { name: 'library entries', run: (trx, u) => trx.deleteFrom('libraryEntries').where('userId', '=', u.id).execute() },
  { name: 'roles', run: (trx, u) => trx.deleteFrom('userRoles').where('userId', '=', u.id).execute() },
  { name: 'imprint memberships', run: (trx, u) => trx.deleteFrom('imprintMembers').where('userId', '=', u.id).execute() },
  // The imprint and its books belong to the catalogue; only the link to the person goes.
  { name: 'imprint ownership', run: (trx, u) => trx.updateTable('imprints').set({ ownerId: null }).where('ownerId', '=', u.id).execute() },
  { name: 'book contributor links', run: (trx, u) => trx.updateTable('bookContributors').set({ userId: null }).where('userId', '=', u.id).execute() },
  // Copies of mail sent to the person; a still-queued message simply finds its row gone.
  { name: 'reviews', run: (trx, u) => eraseReviewer(trx, u.id) },
  { name: 'mail outbox', run: (trx, u) => trx.deleteFrom('mailOutbox').where('toAddress', '=', u.email).execute() },
  // TODO(store): { name: 'orders', run: anonymise the buyer on the account's orders, keep amounts }.
  {
    name: 'profile',
    run: (trx, u, now) =>
      trx
        .updateTable('users')
        .set({
          email: `deleted-${u.id}@deleted.invalid`,
          username: `deleted-${u.id}`,
          displayName: 'Deleted account',
          passwordHash: null,
          emailVerifiedAt: null,
          bio: '',
          avatarUrl: null,
          profileVisibility: 'private',
          theme: 'system',
          status: 'deleted',
          deletionDueAt: null,
          updatedAt: now,
        })
        .where('id', '=', u.id)
        .execute(),
  },
];

/** Returns true when the account was erased by this call. */
export async function eraseAccount(ctx: AppContext, userId: string): Promise<boolean> {
  const now = ctx.now();
  const erased = await ctx.db.transaction().execute(async (trx) => {
    const user = await trx.selectFrom('users').select(['id', 'email', 'status', 'deletionDueAt']).where('id', '=', userId).executeTakeFirst();
    // Undone, already erased, or (a stale job) not yet due: nothing to do.
    if (!user || user.status !== 'deleting' || user.deletionDueAt === null || user.deletionDueAt > now) return false;
    for (const step of ERASURE_STEPS) await step.run(trx, user, now);
    await recordAudit(trx, now, {
      actor: null,
      action: 'account.erased',
      targetType: 'user',
      targetId: userId,
      detail: { steps: ERASURE_STEPS.map((s) => s.name) },
    });
    return true;
  });
  // The sessions step removed the rows; this tells the live channels still open on them.
  if (erased) await invalidateUserSessions(ctx, userId);
  return erased;
}
