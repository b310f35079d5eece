/**
 * Co-author invitations by e-mail. An address with an account is added at once (and told, as
 * their notification settings say); any other address gets an invitation e-mail with a sign-up
 * link and a pending invitation, claimed when an account with that address is verified or signs
 * in. The inviter hears the same answer either way.
 */
import type { PendingInvitation } from '../../sync/api/invitations';
import type { MemberRole } from '../../sync/collections/manuscripts';
import type { AppContext } from '../context';
import { newId } from '../http/ids';
import { notifyUser } from '../notifications/notify';
import { addMember, readManuscript } from './add-member';

const ROLE_WORDS: Record<MemberRole, string> = { editor: 'an editor', commenter: 'a commenter', viewer: 'a reader' };

async function tellNewMember(ctx: AppContext, userId: string, manuscript: { id: string; title: string; ownerName: string }, role: MemberRole) {
  await notifyUser(ctx, userId, {
    event: 'co_authoring',
    title: `@${manuscript.ownerName} added you to “${manuscript.title}”`,
    body: `You are now ${ROLE_WORDS[role]} of the manuscript “${manuscript.title}”. Open it from your manuscripts.`,
    link: `/editor/${manuscript.id}`,
  });
}

export async function inviteByEmail(ctx: AppContext, inviter: { id: string }, manuscriptId: string, email: string, role: MemberRole): Promise<void> {
  const manuscript = await readManuscript(ctx, manuscriptId);
  if (!manuscript) return;
  const account = await ctx.db
    .selectFrom('users')
    .select(['id', 'username', 'status', 'emailVerifiedAt'])
    .where('email', '=', email)
    .where('status', '!=', 'deleted')
    .executeTakeFirst();
  // An unverified account may belong to someone who typed another person's address: it joins
  // only once the address is proven, through the pending invitation below.
  if (account && account.emailVerifiedAt !== null) {
    if (account.status !== 'active') return; // suspended: silently nothing, same answer
    const result = await addMember(ctx, manuscriptId, { userId: account.id, username: account.username, role });
    if (result === 'added') await tellNewMember(ctx, account.id, manuscript, role);
    return;
  }
  await ctx.db
    .insertInto('manuscriptInvitations')
    .values({ id: newId(), manuscriptId, inviterId: inviter.id, email, role, createdAt: ctx.now() })
    .onConflict((oc) => oc.columns(['manuscriptId', 'email']).doUpdateSet({ role, inviterId: inviter.id }))
    .execute();
  const link = `${ctx.config.publicUrl}/auth?mode=signup&email=${encodeURIComponent(email)}`;
  await ctx.mail.send({
    to: email,
    subject: `@${manuscript.ownerName} invites you to write “${manuscript.title}” on Quire`,
    text:
      `Hello,\n\n@${manuscript.ownerName} invites you to be ${ROLE_WORDS[role]} of the manuscript “${manuscript.title}” on Quire, ` +
      `where books are written, published and read.\n\nCreate your account with this e-mail address to join:\n\n${link}\n\n` +
      `You are added as soon as you confirm the address. If you don't know this person, ignore this message.`,
  });
}

export async function pendingInvitations(ctx: AppContext, manuscriptId: string): Promise<PendingInvitation[]> {
  return ctx.db
    .selectFrom('manuscriptInvitations')
    .select(['id', 'email', 'role', 'createdAt'])
    .where('manuscriptId', '=', manuscriptId)
    .orderBy('createdAt', 'asc')
    .execute();
}

export async function revokeInvitation(ctx: AppContext, manuscriptId: string, invitationId: string): Promise<boolean> {
  const result = await ctx.db.deleteFrom('manuscriptInvitations').where('id', '=', invitationId).where('manuscriptId', '=', manuscriptId).executeTakeFirst();
  return Number(result.numDeletedRows) > 0;
}

/**
 * Turn the invitations of this account's address into memberships, once the address is proven
 * (verification link, or any sign-in of a verified account). Never fails the sign-in around it.
 */
export async function claimInvitations(ctx: AppContext, userId: string): Promise<number> {
  try {
    const user = await ctx.db.selectFrom('users').select(['email', 'username', 'status', 'emailVerifiedAt']).where('id', '=', userId).executeTakeFirst();
    if (!user || user.status !== 'active' || user.emailVerifiedAt === null) return 0;
    const invitations = await ctx.db.selectFrom('manuscriptInvitations').selectAll().where('email', '=', user.email.toLowerCase()).execute();
    let added = 0;
    for (const invitation of invitations) {
      // Deleted first: a second sign-in racing this one cannot add the member twice.
      const taken = await ctx.db.deleteFrom('manuscriptInvitations').where('id', '=', invitation.id).executeTakeFirst();
      if (Number(taken.numDeletedRows) === 0) continue;
      const result = await addMember(ctx, invitation.manuscriptId, { userId, username: user.username, role: invitation.role });
      if (result !== 'added') continue;
      added += 1;
      const manuscript = await readManuscript(ctx, invitation.manuscriptId);
      if (manuscript) await tellNewMember(ctx, userId, manuscript, invitation.role);
    }
    return added;
  } catch (error) {
    console.error('claiming co-author invitations failed', error);
    return 0;
  }
}
