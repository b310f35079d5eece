/**
 * What /admin/queue-status shows, read from `jobs` (the table on SQLite, a view over pg-boss's
 * jobs on PostgreSQL, decision 058): counts by kind and state (the
 * jobs_kind index), jobs finished per hour over the last day and the latest failures (jobs_finished:
 * state, finished_at), and the due jobs waiting longest (jobs_ready: state, run_at).
 */
import { sql } from 'kysely';
import type { JobRow, KindCounts, QueueStatus, ThroughputHour } from '../../sync/api/admin-jobs';
import type { DB } from '../db/connection';
import type { JobsTable } from '../db/schema';

const HOUR = 3_600_000;
const HOURS_SHOWN = 24;
const LIST_LIMIT = 50;

export function jobRow(
  r: Pick<JobsTable, 'kind' | 'state' | 'attempts' | 'maxAttempts' | 'lastError' | 'createdAt' | 'runAt' | 'finishedAt'> & { id: number },
): JobRow {
  return {
    id: r.id,
    kind: r.kind,
    state: r.state,
    attempts: r.attempts,
    maxAttempts: r.maxAttempts,
    lastError: r.lastError,
    createdAt: r.createdAt,
    runAt: r.runAt,
    finishedAt: r.finishedAt,
  };
}

const JOB_COLUMNS = ['id', 'kind', 'state', 'attempts', 'maxAttempts', 'lastError', 'createdAt', 'runAt', 'finishedAt'] as const;

async function countsByKind(db: DB): Promise<KindCounts[]> {
  const rows = await db
    .selectFrom('jobs')
    .select(['kind', 'state', (eb) => eb.fn.countAll<number>().as('n')])
    .groupBy(['kind', 'state'])
    .execute();
  const kinds = new Map<string, KindCounts>();
  for (const r of rows) {
    const k = kinds.get(r.kind) ?? { kind: r.kind, queued: 0, running: 0, done: 0, dead: 0, cancelled: 0 };
    k[r.state] = Number(r.n);
    kinds.set(r.kind, k);
  }
  return [...kinds.values()].sort((a, b) => a.kind.localeCompare(b.kind));
}

/** Whole clock hours, the current one last (so far). */
async function throughput(db: DB, now: number): Promise<ThroughputHour[]> {
  const since = Math.floor(now / HOUR) * HOUR - (HOURS_SHOWN - 1) * HOUR;
  const bucket = sql<number>`CAST((finished_at - ${since}) / ${HOUR} AS INTEGER)`;
  const rows = await db
    .selectFrom('jobs')
    .select(['state', bucket.as('bucket'), (eb) => eb.fn.countAll<number>().as('n')])
    .where('state', 'in', ['done', 'dead'])
    .where('finishedAt', '>=', since)
    .groupBy(['state', sql`bucket`]) // by the alias: PostgreSQL would see two different expressions, their parameters apart
    .execute();
  const hours = Array.from({ length: HOURS_SHOWN }, (_, i) => ({ start: since + i * HOUR, done: 0, dead: 0 }));
  for (const r of rows) {
    const hour = hours[Number(r.bucket)];
    if (hour && (r.state === 'done' || r.state === 'dead')) hour[r.state] += Number(r.n);
  }
  return hours;
}

export async function queueStatus(db: DB, now: number): Promise<QueueStatus> {
  const [kinds, hours, failures, waiting, cancelled, due, later] = await Promise.all([
    countsByKind(db),
    throughput(db, now),
    db.selectFrom('jobs').select(JOB_COLUMNS).where('state', '=', 'dead').orderBy('finishedAt', 'desc').orderBy('id', 'desc').limit(LIST_LIMIT).execute(),
    db
      .selectFrom('jobs')
      .select(JOB_COLUMNS)
      .where('state', '=', 'queued')
      .where('runAt', '<=', now)
      .orderBy('runAt')
      .orderBy('id')
      .limit(LIST_LIMIT)
      .execute(),
    db.selectFrom('jobs').select(JOB_COLUMNS).where('state', '=', 'cancelled').orderBy('finishedAt', 'desc').orderBy('id', 'desc').limit(LIST_LIMIT).execute(),
    db
      .selectFrom('jobs')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('state', '=', 'queued')
      .where('runAt', '<=', now)
      .executeTakeFirstOrThrow(),
    db
      .selectFrom('jobs')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('state', '=', 'queued')
      .where('runAt', '>', now)
      .executeTakeFirstOrThrow(),
  ]);
  return {
    now,
    kinds,
    throughput: hours,
    failures: failures.map(jobRow),
    waiting: waiting.map(jobRow),
    waitingCount: Number(due.n),
    scheduledCount: Number(later.n),
    cancelled: cancelled.map(jobRow),
  };
}
