/**
 * Failures, grouped: one row per (source, digest-or-message); repeats raise the count and
 * last-seen. Server failures get a fresh digest each (the id the failure page shows), so they
 * group by message and route; client failures group by message and first stack frame.
 */
import { createHash } from 'node:crypto';
import { sql } from 'kysely';
import type { DB } from '../db/connection';

export interface FailureReport {
  source: 'client' | 'server';
  digest: string;
  message: string;
  stack?: string;
  route?: string;
  status?: number;
  userAgent?: string;
}

function groupKey(r: Pick<FailureReport, 'source' | 'message' | 'stack' | 'route'>): string {
  const firstFrame = (r.stack ?? '').split('\n').find((l) => l.trim().startsWith('at ')) ?? '';
  return createHash('sha256')
    .update(`${r.source}\n${r.message}\n${r.source === 'server' ? r.route : firstFrame.trim()}`)
    .digest('hex')
    .slice(0, 24);
}

export async function recordFailure(db: DB, now: number, r: FailureReport): Promise<void> {
  const key = groupKey(r);
  await db
    .insertInto('debugReports')
    .values({
      key,
      digest: r.digest,
      source: r.source,
      message: r.message.slice(0, 2000),
      stack: (r.stack ?? '').slice(0, 16000),
      route: (r.route ?? '').slice(0, 500),
      status: r.status ?? null,
      userAgent: (r.userAgent ?? '').slice(0, 300),
      count: 1,
      firstSeen: now,
      lastSeen: now,
      resolved: 0,
    })
    .onConflict((oc) =>
      oc.column('key').doUpdateSet({
        count: sql`debug_reports.count + 1`, // qualified: PostgreSQL also sees `excluded`'s
        lastSeen: now,
        digest: r.digest,
        stack: (r.stack ?? '').slice(0, 16000),
        resolved: 0,
      }),
    )
    .execute();
}
