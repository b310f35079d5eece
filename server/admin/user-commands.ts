/**
 * Privileged changes to one account. Each change and its audit entry commit together, and a
 * role change bumps roles_version so every session of the person rotates on its next request.
 */
import type { GrantableRole } from '../../sync/roles';
import { beginDeletion } from '../account/deletion';
import { recordAudit } from '../audit/record';
import { sendPasswordReset } from '../auth/auth-mail';
import { invalidateUserSessions, markRolesChanged } from '../auth/sessions';
import type { AppContext } from '../context';
import { conflict, invalid, notFound } from '../http/errors';
import { renderMail } from '../mail/transactional';
import type { AdminActor } from './actor';
import { findUser } from './user-queries';

async function requireUser(ctx: AppContext, id: string) {
  const user = await findUser(ctx.db, id);
  if (!user) throw notFound('No such user.');
  return user;
}

export async function setUserRoles(ctx: AppContext, by: AdminActor, userId: string, wanted: GrantableRole[]) {
  await requireUser(ctx, userId);
  const after = [...new Set(wanted)].sort();
  if (userId === by.actor.id && !after.includes('admin')) {
    // Otherwise the last admin could lock everyone out of /admin.
    throw invalid("You can't remove your own admin role.", { roles: "You can't remove your own admin role." });
  }
  const now = ctx.now();
  await ctx.db.transaction().execute(async (trx) => {
    const before = (await trx.selectFrom('userRoles').select('role').where('userId', '=', userId).execute()).map((r) => r.role).sort();
    if (before.join() === after.join()) return;
    const removed = before.filter((r) => !after.includes(r));
    const added = after.filter((r) => !before.includes(r));
    if (removed.length) await trx.deleteFrom('userRoles').where('userId', '=', userId).where('role', 'in', removed).execute();
    for (const role of added) {
      await trx.insertInto('userRoles').values({ userId, role, grantedAt: now, grantedBy: by.actor.id }).execute();
    }
    await markRolesChanged(ctx, userId, trx);
    await recordAudit(trx, now, { ...by, action: 'user.roles_changed', targetType: 'user', targetId: userId, detail: { before, after } });
  });
}

export async function suspendUser(ctx: AppContext, by: AdminActor, userId: string, reason: string) {
  const user = await requireUser(ctx, userId);
  if (userId === by.actor.id) throw invalid("You can't suspend your own account.");
  if (user.status === 'suspended') throw conflict('This account is already suspended.');
  const now = ctx.now();
  await ctx.db.transaction().execute(async (trx) => {
    await trx.updateTable('users').set({ status: 'suspended', updatedAt: now }).where('id', '=', userId).execute();
    await recordAudit(trx, now, { ...by, action: 'user.suspended', targetType: 'user', targetId: userId, detail: { reason, previousStatus: user.status } });
  });
  // After the commit, so open channels close only for a suspension that happened. Meanwhile a
  // suspended account's sessions are refused anyway (validateSessionToken checks the status).
  await invalidateUserSessions(ctx, userId);
}

export async function restoreUser(ctx: AppContext, by: AdminActor, userId: string) {
  const user = await requireUser(ctx, userId);
  if (user.status !== 'suspended') throw conflict('This account is not suspended.');
  const now = ctx.now();
  await ctx.db.transaction().execute(async (trx) => {
    await trx.updateTable('users').set({ status: 'active', updatedAt: now }).where('id', '=', userId).execute();
    await recordAudit(trx, now, { ...by, action: 'user.restored', targetType: 'user', targetId: userId });
  });
}

export async function sendUserReset(ctx: AppContext, by: AdminActor, userId: string) {
  const user = await requireUser(ctx, userId);
  if (user.status === 'suspended') throw conflict('Restore the account before sending a reset e-mail.');
  await sendPasswordReset(ctx, { email: user.email, userId, name: user.displayName });
  await recordAudit(ctx.db, ctx.now(), { ...by, action: 'user.password_reset_sent', targetType: 'user', targetId: userId, detail: { email: user.email } });
}

/** The account-deletion flow started for someone (their request by mail, a legal demand): the same grace period, undone by them signing in. */
export async function deleteUserAccount(ctx: AppContext, by: AdminActor, userId: string, reason: string) {
  const user = await requireUser(ctx, userId);
  if (userId === by.actor.id) throw invalid("You can't delete your own account from here; use your account settings.");
  if (user.status === 'deleting') throw conflict('This account is already scheduled for deletion.');
  const dueAt = await beginDeletion(ctx, userId, { ...by, action: 'user.deletion_scheduled', detail: { reason } });
  await ctx.mail.send({
    to: user.email,
    ...renderMail(ctx.config.publicUrl, {
      subject: 'Your Quire account will be deleted',
      paragraphs: [
        `Hello ${user.displayName},`,
        `An administrator scheduled your Quire account for deletion. It will be erased on ${new Date(dueAt).toUTCString().slice(0, 16)}.`,
        'If this is a mistake, sign in and choose "Undo deletion" before then:',
      ],
      action: { label: 'Undo deletion', url: `${ctx.config.publicUrl}/account-deletion` },
    }),
  });
}
