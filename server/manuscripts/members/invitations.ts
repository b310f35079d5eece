/**
 * Co-author invitations by e-mail. Every address gets the same: a pending invitation, and a job
 * queued to tell the invitee. Only the job, after the inviter's answer, looks the address up: an
 * account with it proven hears in the app (and by e-mail, as their notification settings say);
 * any other address gets an e-mail with a sign-up link, and hears in the app once it is proven.
 * Nobody becomes a member until they accept (answer-invitation.ts), so neither the answer, its
 * timing, the pending list nor the replicated manuscript tells the inviter who has an account
 * until the invitee answers (the owner is told of an accept or a decline).
 */
import type { PendingInvitation } from '../../../sync/api/invitations';
import type { MemberRole } from '../../../sync/manuscripts/policy';
import type { AppContext } from '../../context';
import { newId } from '../../http/ids';
import type { JobWorker } from '../../jobs/worker';
import { renderMail } from '../../mail/transactional';
import { notifyUser } from '../../notifications/notify';
import { readManuscript } from './add-member';
import { ANSWER_JOB, announceAnswer } from './answer-invitation';

const INVITATION_JOB = 'editor.invitation';

const ROLE_WORDS: Record<MemberRole, string> = { editor: 'an editor', commenter: 'a commenter', viewer: 'a reader' };

export async function inviteByEmail(ctx: AppContext, inviter: { id: string }, manuscriptId: string, email: string, role: MemberRole): Promise<void> {
  const row = await ctx.db
    .insertInto('manuscriptInvitations')
    .values({ id: newId(), manuscriptId, inviterId: inviter.id, email, role, createdAt: ctx.now() })
    .onConflict((oc) => oc.columns(['manuscriptId', 'email']).doUpdateSet({ role, inviterId: inviter.id }))
    .returning('id')
    .executeTakeFirstOrThrow();
  await ctx.queue.enqueue(INVITATION_JOB, { invitationId: row.id });
}

/** The job: tell the invitee, in the app if the address is a proven account's, else by e-mail. */
async function announceInvitation(ctx: AppContext, invitationId: string): Promise<void> {
  const invitation = await ctx.db.selectFrom('manuscriptInvitations').selectAll().where('id', '=', invitationId).executeTakeFirst();
  const manuscript = invitation && (await readManuscript(ctx, invitation.manuscriptId));
  if (!invitation || !manuscript) return; // revoked, declined or deleted meanwhile
  const account = await ctx.db
    .selectFrom('users')
    .select(['id', 'status', 'emailVerifiedAt'])
    .where('email', '=', invitation.email)
    .where('status', '!=', 'deleted')
    .executeTakeFirst();
  const role = ROLE_WORDS[invitation.role];
  // An unverified account may belong to someone who typed another person's address: it hears
  // in the app only once the address is proven (announceToVerified).
  if (account && account.emailVerifiedAt !== null) {
    await notifyUser(ctx, account.id, {
      event: 'co_authoring',
      title: `@${manuscript.ownerName} invites you to “${manuscript.title}”`,
      body: `@${manuscript.ownerName} invites you to be ${role} of the manuscript “${manuscript.title}”. Accept or decline it from your notifications or under Write.`,
      link: '/editor',
    });
    return;
  }
  const link = `${ctx.config.publicUrl}/auth?mode=signup&email=${encodeURIComponent(invitation.email)}`;
  await ctx.mail.send({
    to: invitation.email,
    ...renderMail(ctx.config.publicUrl, {
      subject: `@${manuscript.ownerName} invites you to write “${manuscript.title}” on Quire`,
      heading: `You're invited to write “${manuscript.title}”`,
      paragraphs: [
        'Hello,',
        `@${manuscript.ownerName} invites you to be ${role} of the manuscript “${manuscript.title}” on Quire, where books are written, published and read.`,
        'Create your account with this e-mail address:',
      ],
      action: { label: 'Create your account', url: link },
      after: ["Once you confirm the address, accept the invitation from your notifications. If you don't know this person, ignore this message."],
    }),
  });
}

/** An address was just proven: its waiting invitations are announced in the app. */
export async function announceToVerified(ctx: AppContext, email: string): Promise<void> {
  const rows = await ctx.db.selectFrom('manuscriptInvitations').select('id').where('email', '=', email.toLowerCase()).execute();
  for (const row of rows) await ctx.queue.enqueue(INVITATION_JOB, { invitationId: row.id });
}

export function registerInvitationJobs(worker: JobWorker, ctx: AppContext) {
  worker.register(INVITATION_JOB, async (payload: { invitationId?: unknown }) => {
    if (typeof payload?.invitationId === 'string') await announceInvitation(ctx, payload.invitationId);
  });
  worker.register(ANSWER_JOB, (payload: Parameters<typeof announceAnswer>[1]) => announceAnswer(ctx, payload));
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
