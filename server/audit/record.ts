/** Write one privileged action to the append-only audit log. Call it inside the same transaction as the action. */
import type { DB } from '../db/connection';

export interface AuditEntry {
  actor: { id: string; username: string } | null;
  action: string;
  targetType?: string;
  targetId?: string;
  detail?: Record<string, unknown>;
  ip?: string;
}

export async function recordAudit(db: DB, now: number, entry: AuditEntry): Promise<void> {
  await db
    .insertInto('auditLog')
    .values({
      at: now,
      actorId: entry.actor?.id ?? null,
      actorLabel: entry.actor?.username ?? 'system',
      action: entry.action,
      targetType: entry.targetType ?? '',
      targetId: entry.targetId ?? '',
      detail: JSON.stringify(entry.detail ?? {}),
      ip: entry.ip ?? '',
    })
    .execute();
}
