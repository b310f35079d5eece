/**
 * An imprint's authors (/publisher/authors): invited by username, they join only by accepting,
 * from the notice (the bell lists the invitation with Accept and Decline) or from
 * /imprint-invitations. The imprint's owners and managers invite and remove; every member sees
 * the list with each author's books. Declining deletes the invitation, so the imprint may invite
 * again later.
 */
import type { ImprintAuthor } from '../../sync/api/publisher-team';
import type { ImprintInvitation } from '../../sync/api/imprint-invitations';
import { recordAudit } from '../audit/record';
import type { AppContext } from '../context';
import { conflict, invalid, notFound } from '../http/errors';
import type { ImprintActor } from '../publisher/access';
import { activeAccountNamed } from '../auth/users';
import { queueImprintNotice } from './notices';

export async function imprintAuthors(ctx: AppContext, imprintId: string): Promise<ImprintAuthor[]> {
  const rows = await ctx.db
    .selectFrom('imprintAuthors')
    .innerJoin('users', 'users.id', 'imprintAuthors.userId')
    .select(['users.id as userId', 'users.username', 'users.displayName', 'imprintAuthors.status', 'imprintAuthors.invitedAt', 'imprintAuthors.joinedAt'])
    .where('imprintAuthors.imprintId', '=', imprintId)
    .orderBy('imprintAuthors.status')
    .orderBy('users.displayName')
    .execute();
  if (rows.length === 0) return [];
  const books = await ctx.db
    .selectFrom('bookContributors')
    .innerJoin('books', 'books.id', 'bookContributors.bookId')
    .select(['bookContributors.userId', 'books.id', 'books.title', 'books.status', 'books.imprintId'])
    .where(
      'bookContributors.userId',
      'in',
      rows.map((r) => r.userId),
    )
    // Their books here, whatever the state; elsewhere only what the store shows anyway.
    .where((eb) => eb.or([eb('books.imprintId', '=', imprintId), eb('books.status', '=', 'published')]))
    .orderBy('books.title')
    .execute();
  return rows.map((r) => ({
    ...r,
    books: books
      .filter((b) => b.userId === r.userId)
      .filter((b, i, all) => all.findIndex((x) => x.id === b.id) === i)
      .map((b) => ({ id: b.id, title: b.title, status: b.status, inImprint: b.imprintId === imprintId })),
  }));
}

export async function inviteAuthor(ctx: AppContext, who: ImprintActor, username: string): Promise<void> {
  const account = await activeAccountNamed(ctx.db, { username }).executeTakeFirst();
  if (!account) throw invalid('No account has that username.', { username: 'No account has that username.' });
  const now = ctx.now();
  await ctx.db.transaction().execute(async (trx) => {
    const existing = await trx
      .selectFrom('imprintAuthors')
      .select('status')
      .where('imprintId', '=', who.imprint.id)
      .where('userId', '=', account.id)
      .executeTakeFirst();
    if (existing) {
      const message = existing.status === 'active' ? `@${account.username} is already one of your authors.` : `@${account.username} is already invited.`;
      throw conflict(message, { username: message });
    }
    await trx
      .insertInto('imprintAuthors')
      .values({ imprintId: who.imprint.id, userId: account.id, status: 'invited', invitedBy: who.actor.id, invitedAt: now, joinedAt: null })
      .execute();
    await recordAudit(trx, now, {
      actor: who.actor,
      ip: who.ip,
      action: 'imprint.author_invited',
      targetType: 'imprint',
      targetId: who.imprint.id,
      detail: { userId: account.id, username: account.username },
    });
  });
  await queueImprintNotice(ctx, account.id, {
    title: `${who.imprint.name} invites you to publish with them`,
    body: `@${who.actor.username} invites you to be one of ${who.imprint.name}'s authors. Accept or decline it from your notifications.`,
    link: '/imprint-invitations',
  });
}

export async function removeAuthor(ctx: AppContext, who: ImprintActor, userId: string): Promise<void> {
  const now = ctx.now();
  const removed = await ctx.db.transaction().execute(async (trx) => {
    const row = await trx.selectFrom('imprintAuthors').select('status').where('imprintId', '=', who.imprint.id).where('userId', '=', userId).executeTakeFirst();
    if (!row) throw notFound('That person is not one of this imprint’s authors.');
    await trx.deleteFrom('imprintAuthors').where('imprintId', '=', who.imprint.id).where('userId', '=', userId).execute();
    await recordAudit(trx, now, {
      actor: who.actor,
      ip: who.ip,
      action: 'imprint.author_removed',
      targetType: 'imprint',
      targetId: who.imprint.id,
      detail: { userId, status: row.status },
    });
    return row;
  });
  if (removed.status === 'active')
    await queueImprintNotice(ctx, userId, {
      title: `You're no longer one of ${who.imprint.name}'s authors`,
      body: `@${who.actor.username} removed you from ${who.imprint.name}'s authors.`,
    });
}

/** The signed-in account's pending invitations, oldest first. */
export async function myImprintInvitations(ctx: AppContext, userId: string): Promise<ImprintInvitation[]> {
  return ctx.db
    .selectFrom('imprintAuthors')
    .innerJoin('imprints', 'imprints.id', 'imprintAuthors.imprintId')
    .leftJoin('users', 'users.id', 'imprintAuthors.invitedBy')
    .select(['imprints.id as imprintId', 'imprints.name as imprintName', 'users.displayName as invitedBy', 'imprintAuthors.invitedAt'])
    .where('imprintAuthors.userId', '=', userId)
    .where('imprintAuthors.status', '=', 'invited')
    .orderBy('imprintAuthors.invitedAt')
    .execute();
}

/** Accept or decline: 404 when there is no pending invitation (answered already, withdrawn, or never sent). */
export async function answerInvitation(
  ctx: AppContext,
  user: { id: string; username: string },
  ip: string,
  imprintId: string,
  accept: boolean,
): Promise<{ imprintName: string }> {
  const now = ctx.now();
  const answered = await ctx.db.transaction().execute(async (trx) => {
    const row = await trx
      .selectFrom('imprintAuthors')
      .innerJoin('imprints', 'imprints.id', 'imprintAuthors.imprintId')
      .select(['imprints.name', 'imprintAuthors.invitedBy'])
      .where('imprintAuthors.imprintId', '=', imprintId)
      .where('imprintAuthors.userId', '=', user.id)
      .where('imprintAuthors.status', '=', 'invited')
      .executeTakeFirst();
    if (!row) throw notFound('There is no pending invitation from that imprint.');
    if (accept) {
      await trx
        .updateTable('imprintAuthors')
        .set({ status: 'active', joinedAt: now })
        .where('imprintId', '=', imprintId)
        .where('userId', '=', user.id)
        .execute();
    } else {
      await trx.deleteFrom('imprintAuthors').where('imprintId', '=', imprintId).where('userId', '=', user.id).execute();
    }
    await recordAudit(trx, now, {
      actor: user,
      ip,
      action: accept ? 'imprint.author_accepted' : 'imprint.author_declined',
      targetType: 'imprint',
      targetId: imprintId,
      detail: {},
    });
    return row;
  });
  if (answered.invitedBy) {
    await queueImprintNotice(ctx, answered.invitedBy, {
      title: `@${user.username} ${accept ? 'accepted' : 'declined'} ${answered.name}'s invitation`,
      link: `/publisher/authors?imprint=${encodeURIComponent(imprintId)}`,
    });
  }
  return { imprintName: answered.name };
}
