/**
 * An imprint's members (/publisher/settings): add a publisher account by username or e-mail,
 * change a member's role, remove one. sync/roles.ts's canManageMember decides who may touch
 * whom; this module keeps the imprint's own rule: it always has an owner. The last owner's
 * demotion or removal is refused (409) by the same statement that would make it, so two owners
 * stepping down at once cannot both succeed.
 */
import { sql } from 'kysely';
import type { AddMemberInput } from '../../sync/api/publisher-team';
import { canManageMember, isImprintRole, type ImprintRole } from '../../sync/roles';
import { recordAudit } from '../audit/record';
import type { AppContext } from '../context';
import type { DB } from '../db/connection';
import { conflict, forbidden, invalid, notFound } from '../http/errors';
import type { ImprintActor } from '../publisher/access';
import type { SessionUser } from '../auth/session-user';
import { activeAccountNamed } from '../auth/users';
import { queueImprintNotice } from './notices';

const ROLE_WORDS: Record<ImprintRole, string> = { owner: 'an owner', manager: 'a manager', staff: 'staff' };
const LAST_OWNER = 'An imprint needs at least one owner: make another member an owner first.';

function refuse(actorRole: ImprintRole): never {
  throw forbidden(
    actorRole === 'staff'
      ? 'Only the imprint’s owners and managers can change its members.'
      : 'Managers can add, change and remove staff only; owners manage owners and managers.',
  );
}

/** Someone is an owner other than `userId`: the imprint keeps one after `userId` stops being one. */
const anotherOwner = (imprintId: string, userId: string) =>
  sql<boolean>`EXISTS (SELECT 1 FROM imprint_members o WHERE o.imprint_id = ${imprintId} AND o.role = 'owner' AND o.user_id != ${userId})`;

async function memberRole(db: DB, imprintId: string, userId: string): Promise<ImprintRole> {
  const row = await db.selectFrom('imprintMembers').select('role').where('imprintId', '=', imprintId).where('userId', '=', userId).executeTakeFirst();
  if (!row || !isImprintRole(row.role)) throw notFound('That person is not a member of this imprint.');
  return row.role;
}

/** The account `who` names: a username (with or without @) or an e-mail address. */
function findAccount(db: DB, who: string) {
  const value = who.trim();
  return activeAccountNamed(db, value.includes('@') && !value.startsWith('@') ? { email: value } : { username: value }).executeTakeFirst();
}

export async function addMember(ctx: AppContext, who: ImprintActor & { user: SessionUser }, input: AddMemberInput): Promise<void> {
  if (!canManageMember(who.user, who.role, null, input.role)) refuse(who.role);
  const account = await findAccount(ctx.db, input.who);
  if (!account) throw invalid('No account has that username or e-mail address.', { who: 'No account has that username or e-mail address.' });
  const isPublisher = await ctx.db
    .selectFrom('userRoles')
    .select('role')
    .where('userId', '=', account.id)
    .where('role', 'in', ['publisher', 'admin'])
    .executeTakeFirst();
  if (!isPublisher) {
    const message = `@${account.username} is not a publisher account yet: they can apply from their settings, and you can add them once it is approved.`;
    throw invalid(message, { who: message });
  }
  const now = ctx.now();
  await ctx.db.transaction().execute(async (trx) => {
    const added = await trx
      .insertInto('imprintMembers')
      .values({ imprintId: who.imprint.id, userId: account.id, role: input.role })
      .onConflict((oc) => oc.doNothing())
      .executeTakeFirst();
    if (Number(added.numInsertedOrUpdatedRows ?? 0) === 0)
      throw conflict(`@${account.username} is already a member.`, { who: `@${account.username} is already a member.` });
    await recordAudit(trx, now, {
      actor: who.actor,
      ip: who.ip,
      action: 'imprint.member_added',
      targetType: 'imprint',
      targetId: who.imprint.id,
      detail: { userId: account.id, username: account.username, role: input.role },
    });
  });
  await queueImprintNotice(ctx, account.id, {
    title: `You joined ${who.imprint.name}`,
    body: `@${who.actor.username} added you to ${who.imprint.name} as ${ROLE_WORDS[input.role]}.`,
    link: `/publisher?imprint=${encodeURIComponent(who.imprint.id)}`,
  });
}

export async function changeMemberRole(ctx: AppContext, who: ImprintActor & { user: SessionUser }, userId: string, role: ImprintRole): Promise<void> {
  const from = await memberRole(ctx.db, who.imprint.id, userId);
  if (from === role) return;
  if (!canManageMember(who.user, who.role, from, role)) refuse(who.role);
  const now = ctx.now();
  await ctx.db.transaction().execute(async (trx) => {
    let q = trx.updateTable('imprintMembers').set({ role }).where('imprintId', '=', who.imprint.id).where('userId', '=', userId).where('role', '=', from);
    if (from === 'owner') q = q.where(anotherOwner(who.imprint.id, userId));
    const r = await q.executeTakeFirst();
    if (Number(r.numUpdatedRows) === 0) throw conflict(from === 'owner' ? LAST_OWNER : 'Their role changed meanwhile: reload and try again.');
    await recordAudit(trx, now, {
      actor: who.actor,
      ip: who.ip,
      action: 'imprint.member_role_changed',
      targetType: 'imprint',
      targetId: who.imprint.id,
      detail: { userId, from, to: role },
    });
  });
  if (userId !== who.actor.id) {
    await queueImprintNotice(ctx, userId, {
      title: `You're now ${ROLE_WORDS[role]} of ${who.imprint.name}`,
      body: `@${who.actor.username} changed your role in ${who.imprint.name} from ${ROLE_WORDS[from]} to ${ROLE_WORDS[role]}.`,
      link: `/publisher/settings?imprint=${encodeURIComponent(who.imprint.id)}`,
    });
  }
}

export async function removeMember(ctx: AppContext, who: ImprintActor & { user: SessionUser }, userId: string): Promise<void> {
  const from = await memberRole(ctx.db, who.imprint.id, userId);
  if (!canManageMember(who.user, who.role, from, null)) refuse(who.role);
  const now = ctx.now();
  await ctx.db.transaction().execute(async (trx) => {
    let q = trx.deleteFrom('imprintMembers').where('imprintId', '=', who.imprint.id).where('userId', '=', userId).where('role', '=', from);
    if (from === 'owner') q = q.where(anotherOwner(who.imprint.id, userId));
    const r = await q.executeTakeFirst();
    if (Number(r.numDeletedRows) === 0) throw conflict(from === 'owner' ? LAST_OWNER : 'Their role changed meanwhile: reload and try again.');
    await recordAudit(trx, now, {
      actor: who.actor,
      ip: who.ip,
      action: 'imprint.member_removed',
      targetType: 'imprint',
      targetId: who.imprint.id,
      detail: { userId, role: from },
    });
  });
  if (userId !== who.actor.id) {
    await queueImprintNotice(ctx, userId, {
      title: `You're no longer a member of ${who.imprint.name}`,
      body: `@${who.actor.username} removed you from ${who.imprint.name}.`,
    });
  }
}
