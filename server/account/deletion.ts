/**
 * Account deletion with a grace period: asking (password confirmed) marks the account
 * 'deleting' and queues the erasure for the due date; undoing within the grace period cancels
 * that job. The person keeps the session they asked from, so they can change their mind.
 */
import { DELETION_KEEPS, DELETION_REMOVES, type DeletionStatusResponse } from '../../sync/api/account';
import { recordAudit } from '../audit/record';
import { invalidateUserSessions, type SessionUser } from '../auth/sessions';
import { verifyPassword } from '../auth/password';
import type { AppContext } from '../context';
import { conflict, invalid } from '../http/errors';
import { ACCOUNT_DELETION_GRACE, DAY } from '../limits';
import { renderMail } from '../mail/transactional';
import { ERASE_JOB } from './erase-account';

interface Requester {
  user: SessionUser;
  sessionId: string | null;
  ip: string;
}

export async function deletionStatus(ctx: AppContext, userId: string): Promise<DeletionStatusResponse> {
  const row = await ctx.db.selectFrom('users').select(['status', 'deletionDueAt']).where('id', '=', userId).executeTakeFirstOrThrow();
  const deleting = row.status === 'deleting';
  return {
    status: deleting ? 'deleting' : 'active',
    dueAt: deleting ? row.deletionDueAt : null,
    graceDays: Math.round(ACCOUNT_DELETION_GRACE / DAY),
    removes: DELETION_REMOVES,
    keeps: DELETION_KEEPS,
  };
}

function formatDay(ms: number): string {
  return new Date(ms).toUTCString().slice(0, 16);
}

export async function scheduleDeletion(ctx: AppContext, { user, sessionId, ip }: Requester, password: string) {
  const row = await ctx.db.selectFrom('users').select(['passwordHash', 'status']).where('id', '=', user.id).executeTakeFirstOrThrow();
  if (row.status === 'deleting') throw conflict('Your account is already scheduled for deletion.');
  if (!(await verifyPassword(row.passwordHash, password))) throw invalid('That password is not right.', { password: 'That password is not right.' });
  const dueAt = await beginDeletion(ctx, user.id, { actor: { id: user.id, username: user.username }, action: 'account.deletion_requested', ip }, sessionId);
  await ctx.mail.send({
    to: user.email,
    ...renderMail(ctx.config.publicUrl, {
      subject: 'Your Quire account will be deleted',
      paragraphs: [
        `Hello ${user.displayName},`,
        `You asked us to delete your Quire account. It will be erased on ${formatDay(dueAt)}.`,
        'Changed your mind? Sign in and choose "Undo deletion" before then:',
      ],
      action: { label: 'Undo deletion', url: `${ctx.config.publicUrl}/account-deletion` },
      after: ["If this wasn't you, undo the deletion and change your password straight away."],
    }),
  });
  return deletionStatus(ctx, user.id);
}

/**
 * Put an account on the grace period: 'deleting' until the due date, its erasure queued, every
 * session ended but `keepSessionId` (the person's own, so they can change their mind). The
 * audit entry names who asked — the person, or an admin for them — and commits with the change.
 */
export async function beginDeletion(
  ctx: AppContext,
  userId: string,
  audit: { actor: { id: string; username: string }; action: string; ip?: string; detail?: Record<string, unknown> },
  keepSessionId?: string | null,
): Promise<number> {
  const now = ctx.now();
  const dueAt = now + ACCOUNT_DELETION_GRACE;
  await ctx.db.transaction().execute(async (trx) => {
    await trx.updateTable('users').set({ status: 'deleting', deletionDueAt: dueAt, updatedAt: now }).where('id', '=', userId).execute();
    await recordAudit(trx, now, { ...audit, targetType: 'user', targetId: userId, detail: { ...audit.detail, dueAt } });
  });
  await ctx.queue.enqueue(ERASE_JOB, { userId }, { runAt: dueAt });
  await invalidateUserSessions(ctx, userId, keepSessionId ?? undefined);
  return dueAt;
}

export async function undoDeletion(ctx: AppContext, { user, ip }: Requester) {
  const now = ctx.now();
  const undone = await ctx.db.transaction().execute(async (trx) => {
    const r = await trx
      .updateTable('users')
      .set({ status: 'active', deletionDueAt: null, updatedAt: now })
      .where('id', '=', user.id)
      .where('status', '=', 'deleting')
      .executeTakeFirst();
    if (Number(r.numUpdatedRows) === 0) return false;
    await recordAudit(trx, now, {
      actor: { id: user.id, username: user.username },
      action: 'account.deletion_cancelled',
      targetType: 'user',
      targetId: user.id,
      ip,
    });
    return true;
  });
  if (!undone) throw conflict('Your account is not scheduled for deletion.');
  // Even if this cancel were missed, the job re-checks the status and does nothing.
  await ctx.queue.cancelWhere(ERASE_JOB, 'userId', user.id);
  await ctx.mail.send({
    to: user.email,
    ...renderMail(ctx.config.publicUrl, {
      subject: 'Your Quire account will not be deleted',
      paragraphs: [`Hello ${user.displayName},`, 'The deletion of your Quire account was cancelled. Nothing was erased.'],
      action: { label: 'Open Quire', url: ctx.config.publicUrl },
    }),
  });
  return deletionStatus(ctx, user.id);
}
