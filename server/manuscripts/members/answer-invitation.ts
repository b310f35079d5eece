/**
 * The invitee's side of a co-author invitation: list the ones sent to their address, accept
 * (membership, written by the server as add-member.ts does) or decline. Only an active account
 * whose address is proven sees or answers them; anyone else's id is simply not found.
 * Either answer is told to the manuscript's owner, through a job (announceAnswer). The invitee
 * chose to answer, so the owner may learn the address has an account; a decline still names
 * only the address the owner typed, not the account behind it.
 */
import type { MyInvitation } from '../../../sync/api/my-invitations';
import { MAX_MEMBERS } from '../../../sync/collections/manuscripts';
import type { AppContext } from '../../context';
import { conflict, notFound } from '../../http/errors';
import { notifyUser } from '../../notifications/notify';
import { addMember, readManuscript } from './add-member';

/** Enough for any real person; an address spammed by many owners still gets a bounded answer. */
const MY_INVITATIONS_LIMIT = 50;
const NOT_FOUND = 'That invitation was already answered or withdrawn.';

async function provenAccount(ctx: AppContext, userId: string) {
  const user = await ctx.db.selectFrom('users').select(['id', 'email', 'username', 'status', 'emailVerifiedAt']).where('id', '=', userId).executeTakeFirst();
  return user && user.status !== 'suspended' && user.status !== 'deleted' && user.emailVerifiedAt !== null
    ? { ...user, email: user.email.toLowerCase() }
    : null;
}

async function myInvitation(ctx: AppContext, userId: string, invitationId: string) {
  const account = await provenAccount(ctx, userId);
  const invitation =
    account &&
    (await ctx.db.selectFrom('manuscriptInvitations').selectAll().where('id', '=', invitationId).where('email', '=', account.email).executeTakeFirst());
  if (!account || !invitation) throw notFound(NOT_FOUND);
  return { account, invitation };
}

export async function myInvitations(ctx: AppContext, userId: string): Promise<MyInvitation[]> {
  const account = await provenAccount(ctx, userId);
  if (!account) return [];
  const rows = await ctx.db
    .selectFrom('manuscriptInvitations')
    .select(['id', 'manuscriptId', 'role', 'createdAt'])
    .where('email', '=', account.email)
    .orderBy('createdAt', 'desc')
    .limit(MY_INVITATIONS_LIMIT)
    .execute();
  const result: MyInvitation[] = [];
  for (const row of rows) {
    const manuscript = await readManuscript(ctx, row.manuscriptId);
    if (manuscript) result.push({ ...row, manuscriptTitle: manuscript.title, ownerName: manuscript.ownerName });
  }
  return result;
}

export async function acceptInvitation(ctx: AppContext, userId: string, invitationId: string): Promise<{ manuscriptId: string }> {
  const { account, invitation } = await myInvitation(ctx, userId, invitationId);
  const manuscript = await readManuscript(ctx, invitation.manuscriptId);
  if (manuscript && manuscript.members.length >= MAX_MEMBERS && !manuscript.memberIds.includes(userId)) {
    throw conflict(`“${manuscript.title}” already has ${MAX_MEMBERS} co-authors; ask its owner to make room.`);
  }
  // Deleted first: a second accept racing this one cannot add the member twice.
  const taken = await ctx.db.deleteFrom('manuscriptInvitations').where('id', '=', invitation.id).executeTakeFirst();
  if (Number(taken.numDeletedRows) === 0) throw notFound(NOT_FOUND);
  const result = await addMember(ctx, invitation.manuscriptId, { userId, username: account.username, role: invitation.role });
  if (result === 'gone') throw notFound('That manuscript no longer exists.');
  if (result === 'added') await ctx.queue.enqueue(ANSWER_JOB, { manuscriptId: invitation.manuscriptId, answer: 'accepted', username: account.username });
  return { manuscriptId: invitation.manuscriptId };
}

export async function declineInvitation(ctx: AppContext, userId: string, invitationId: string): Promise<void> {
  const { invitation } = await myInvitation(ctx, userId, invitationId);
  const taken = await ctx.db.deleteFrom('manuscriptInvitations').where('id', '=', invitation.id).executeTakeFirst();
  if (Number(taken.numDeletedRows) === 0) throw notFound(NOT_FOUND);
  await ctx.queue.enqueue(ANSWER_JOB, { manuscriptId: invitation.manuscriptId, answer: 'declined', email: invitation.email });
}

export const ANSWER_JOB = 'editor.invitation-answer';

type Answer = { manuscriptId: string } & ({ answer: 'accepted'; username: string } | { answer: 'declined'; email: string });

/** The job: tell the owner (in the app, and by e-mail as their settings say) how the invitation was answered. */
export async function announceAnswer(ctx: AppContext, a: Answer): Promise<void> {
  const manuscript = await readManuscript(ctx, a.manuscriptId);
  if (!manuscript) return; // deleted meanwhile: nothing left to tell
  const title = `“${manuscript.title}”`;
  await notifyUser(
    ctx,
    manuscript.ownerId,
    a.answer === 'accepted'
      ? {
          event: 'co_authoring',
          title: `@${a.username} accepted your invitation to ${title}`,
          body: `@${a.username} is now a co-author of ${title}.`,
          link: `/editor/${manuscript.id}`,
        }
      : {
          event: 'co_authoring',
          title: `${a.email} declined your invitation to ${title}`,
          body: `The invitation sent to ${a.email} to co-author ${title} was declined. You can invite someone else under Co-authors in the manuscript.`,
          link: `/editor/${manuscript.id}`,
        },
  );
}
