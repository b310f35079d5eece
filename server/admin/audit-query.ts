/** The audit log's filters, shared by the paged list and the CSV export. */
import type { AuditParams, AuditRow } from '../../sync/api/admin';
import type { DB } from '../db/connection';
import { invalid } from '../http/errors';
import { DAY } from '../limits';
import { containsText } from '../db/contains';

function dayStart(day: string): number {
  return Date.parse(`${day}T00:00:00Z`);
}

export function auditBase(db: DB, f: Omit<AuditParams, 'page'>) {
  if (f.from && f.to && f.from > f.to) throw invalid('The start date is after the end date.', { from: 'The start date is after the end date.' });
  let q = db.selectFrom('auditLog');
  if (f.actor) q = q.where(containsText('actorLabel', f.actor));
  if (f.action) q = q.where(containsText('action', f.action));
  if (f.target) {
    const target = f.target;
    q = q.where((eb) => eb.or([eb('targetId', '=', target), containsText('targetType', target)]));
  }
  // Dates are whole UTC days; `to` includes its day.
  if (f.from) q = q.where('at', '>=', dayStart(f.from));
  if (f.to) q = q.where('at', '<', dayStart(f.to) + DAY);
  return q;
}

type RawAuditRow = Omit<AuditRow, 'detail' | 'target'> & { detail: string };

export function toAuditRow(r: RawAuditRow): Omit<AuditRow, 'target'> {
  let detail: Record<string, unknown> = {};
  try {
    detail = JSON.parse(r.detail) as Record<string, unknown>;
  } catch {
    detail = { raw: r.detail };
  }
  return { ...r, detail };
}

export const AUDIT_COLUMNS = ['id', 'at', 'actorId', 'actorLabel', 'action', 'targetType', 'targetId', 'detail', 'ip'] as const;
