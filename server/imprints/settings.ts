/**
 * An imprint's details and payout account (/publisher/settings). The account number is stored
 * whole, because payouts need it, and never read back out: answers carry its last four
 * characters only. Each change is audited in the same transaction (the audit keeps the masked
 * number, never the whole).
 */
import type { ImprintDetailsInput, ImprintSettings, PayoutInput, PayoutSummary } from '../../sync/api/publisher-team';
import { compactAccount } from '../../sync/publisher/payout';
import { isImprintRole, type ImprintRole } from '../../sync/roles';
import { recordAudit } from '../audit/record';
import type { AppContext } from '../context';
import type { DB } from '../db/connection';
import type { ImprintActor } from '../publisher/access';

export async function imprintMembers(db: DB, imprintId: string): Promise<ImprintSettings['members']> {
  const rows = await db
    .selectFrom('imprintMembers')
    .innerJoin('users', 'users.id', 'imprintMembers.userId')
    .select(['users.id as userId', 'users.username', 'users.displayName', 'imprintMembers.role'])
    .where('imprintMembers.imprintId', '=', imprintId)
    .execute();
  const order: Record<ImprintRole, number> = { owner: 0, manager: 1, staff: 2 };
  return rows
    .flatMap((r) => (isImprintRole(r.role) ? [{ ...r, role: r.role }] : []))
    .sort((a, b) => order[a.role] - order[b.role] || a.displayName.localeCompare(b.displayName));
}

function payoutOf(row: {
  payoutHolder: string | null;
  payoutKind: 'iban' | 'account' | null;
  payoutLast4: string | null;
  payoutUpdatedAt: number | null;
}): PayoutSummary | null {
  if (!row.payoutKind || !row.payoutLast4 || row.payoutHolder === null || row.payoutUpdatedAt === null) return null;
  return { holder: row.payoutHolder, kind: row.payoutKind, last4: row.payoutLast4, updatedAt: row.payoutUpdatedAt };
}

export async function imprintSettings(ctx: AppContext, who: ImprintActor): Promise<ImprintSettings> {
  const row = await ctx.db
    .selectFrom('imprints')
    // Not payoutAccount or payoutBankCode: they never leave the server.
    .select(['id', 'name', 'description', 'website', 'contactEmail', 'defaultCurrency', 'payoutHolder', 'payoutKind', 'payoutLast4', 'payoutUpdatedAt'])
    .where('id', '=', who.imprint.id)
    .executeTakeFirstOrThrow();
  return {
    imprint: {
      id: row.id,
      name: row.name,
      description: row.description,
      website: row.website,
      contactEmail: row.contactEmail,
      defaultCurrency: row.defaultCurrency,
    },
    myRole: who.role,
    payout: payoutOf(row),
    members: await imprintMembers(ctx.db, row.id),
  };
}

export async function saveDetails(ctx: AppContext, who: ImprintActor, input: ImprintDetailsInput): Promise<void> {
  const now = ctx.now();
  await ctx.db.transaction().execute(async (trx) => {
    const before = await trx
      .selectFrom('imprints')
      .select(['name', 'description', 'website', 'contactEmail', 'defaultCurrency'])
      .where('id', '=', who.imprint.id)
      .executeTakeFirstOrThrow();
    const values = {
      name: input.name,
      description: input.description,
      website: input.website,
      contactEmail: input.contactEmail,
      defaultCurrency: input.defaultCurrency,
    };
    await trx
      .updateTable('imprints')
      .set({ ...values, updatedAt: now })
      .where('id', '=', who.imprint.id)
      .execute();
    const changed = Object.fromEntries(Object.entries(values).filter(([k, v]) => before[k as keyof typeof before] !== v));
    await recordAudit(trx, now, {
      actor: who.actor,
      ip: who.ip,
      action: 'imprint.details_changed',
      targetType: 'imprint',
      targetId: who.imprint.id,
      detail: changed,
    });
  });
}

export async function savePayoutAccount(ctx: AppContext, who: ImprintActor, input: PayoutInput): Promise<PayoutSummary> {
  const now = ctx.now();
  const account = compactAccount(input.kind === 'iban' ? input.iban : input.accountNumber);
  const payout: PayoutSummary = { holder: input.holder.trim(), kind: input.kind, last4: account.slice(-4), updatedAt: now };
  await ctx.db.transaction().execute(async (trx) => {
    await trx
      .updateTable('imprints')
      .set({
        payoutHolder: payout.holder,
        payoutKind: payout.kind,
        payoutAccount: account,
        payoutBankCode: input.kind === 'account' ? compactAccount(input.bankCode) : null,
        payoutLast4: payout.last4,
        payoutUpdatedAt: now,
        updatedAt: now,
      })
      .where('id', '=', who.imprint.id)
      .execute();
    await recordAudit(trx, now, {
      actor: who.actor,
      ip: who.ip,
      action: 'imprint.payout_changed',
      targetType: 'imprint',
      targetId: who.imprint.id,
      detail: { kind: payout.kind, last4: payout.last4 },
    });
  });
  return payout;
}
