/**
 * The durable job queue: one table, claimed with a visibility timeout so a crashed worker's job
 * comes back, retried with exponential backoff, and kept as `dead` with its last error once its
 * attempts are used up. The same table and queries on both engines (PostgreSQL adds row locks to
 * the claim). The seam for pg-boss later is this module's interface.
 */
import { sql } from 'kysely';
import type { DB } from '../db/connection';
import { engineOf } from '../db/engine';
import type { JobState } from '../db/schema';
import { JOB_BACKOFF_BASE, JOB_BACKOFF_MAX, JOB_DEFAULT_MAX_ATTEMPTS, JOB_VISIBILITY_TIMEOUT } from '../limits';

export interface Job {
  id: number;
  kind: string;
  payload: unknown;
  attempts: number;
  maxAttempts: number;
}

export interface EnqueueOptions {
  runAt?: number;
  maxAttempts?: number;
  /** A transaction to write the job in, so it exists only if the work that asked for it commits. */
  in?: DB;
}

export function backoffDelay(attempts: number): number {
  return Math.min(JOB_BACKOFF_MAX, JOB_BACKOFF_BASE * 2 ** Math.max(0, attempts - 1));
}

export class JobQueue {
  constructor(
    private readonly db: DB,
    private readonly now: () => number,
  ) {}

  async enqueue(kind: string, payload: unknown, options: EnqueueOptions = {}): Promise<number> {
    const now = this.now();
    const row = await (options.in ?? this.db)
      .insertInto('jobs')
      .values({
        kind,
        payload: JSON.stringify(payload ?? {}),
        state: 'queued',
        attempts: 0,
        maxAttempts: options.maxAttempts ?? JOB_DEFAULT_MAX_ATTEMPTS,
        runAt: options.runAt ?? now,
        createdAt: now,
        updatedAt: now,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    return row.id;
  }

  /**
   * Take the next ready job (queued and due, or running past its visibility timeout), of the
   * given kinds only or of every kind but the excluded ones (a worker's lane, server/jobs/worker.ts).
   */
  async claim(lane: { only?: readonly string[]; except?: readonly string[] } = {}): Promise<Job | null> {
    const now = this.now();
    const row = await this.db
      .updateTable('jobs')
      .set((eb) => ({
        state: 'running',
        attempts: eb('attempts', '+', 1),
        lockedUntil: now + JOB_VISIBILITY_TIMEOUT,
        updatedAt: now,
      }))
      .where(
        'id',
        '=',
        this.db
          .selectFrom('jobs')
          .select('id')
          .where((eb) =>
            eb.or([eb.and([eb('state', '=', 'queued'), eb('runAt', '<=', now)]), eb.and([eb('state', '=', 'running'), eb('lockedUntil', '<', now)])]),
          )
          .$if(lane.only !== undefined, (q) => q.where('kind', 'in', lane.only!.length ? [...lane.only!] : ['']))
          .$if(!!lane.except?.length, (q) => q.where('kind', 'not in', [...lane.except!]))
          .orderBy('runAt')
          .orderBy('id')
          .limit(1)
          // SQLite has one writer at a time; PostgreSQL's workers would each read the same next
          // job and the second would claim it again once the first commits, so it is locked as read
          // and skipped by the others.
          .$if(engineOf(this.db) === 'PostgreSQL', (q) => q.forUpdate().skipLocked()),
      )
      .returning(['id', 'kind', 'payload', 'attempts', 'maxAttempts'])
      .executeTakeFirst();
    if (!row) return null;
    return { ...row, payload: JSON.parse(row.payload) };
  }

  async complete(id: number): Promise<void> {
    const now = this.now();
    await this.db
      .updateTable('jobs')
      .set({ state: 'done', lockedUntil: null, finishedAt: now, updatedAt: now, lastError: null })
      .where('id', '=', id)
      .execute();
  }

  async fail(job: Job, error: unknown): Promise<void> {
    const now = this.now();
    const message = error instanceof Error ? `${error.message}\n${error.stack ?? ''}`.trim() : String(error);
    const dead = job.attempts >= job.maxAttempts;
    await this.db
      .updateTable('jobs')
      .set({
        state: dead ? 'dead' : 'queued',
        lockedUntil: null,
        runAt: dead ? now : now + backoffDelay(job.attempts),
        lastError: message.slice(0, 4000),
        updatedAt: now,
        finishedAt: dead ? now : null,
      })
      .where('id', '=', job.id)
      .execute();
  }

  /** `options.in`: a transaction, so the change commits with its audit entry. */
  async retry(id: number, options: { in?: DB } = {}): Promise<boolean> {
    const now = this.now();
    const r = await (options.in ?? this.db)
      .updateTable('jobs')
      .set({ state: 'queued', runAt: now, attempts: 0, updatedAt: now, finishedAt: null })
      .where('id', '=', id)
      .where('state', 'in', ['dead', 'cancelled'])
      .executeTakeFirst();
    return Number(r.numUpdatedRows) > 0;
  }

  async cancel(id: number, options: { in?: DB } = {}): Promise<boolean> {
    const now = this.now();
    const r = await (options.in ?? this.db)
      .updateTable('jobs')
      .set({ state: 'cancelled', updatedAt: now, finishedAt: now })
      .where('id', '=', id)
      .where('state', '=', 'queued')
      .executeTakeFirst();
    return Number(r.numUpdatedRows) > 0;
  }

  /** Cancel queued jobs of a kind whose payload field equals a value (e.g. an undone erasure); `in` as for enqueue. */
  async cancelWhere(kind: string, field: string, value: string, options: { in?: DB } = {}): Promise<number> {
    const now = this.now();
    const r = await (options.in ?? this.db)
      .updateTable('jobs')
      .set({ state: 'cancelled', updatedAt: now, finishedAt: now })
      .where('kind', '=', kind)
      .where('state', '=', 'queued')
      .where(sql<string>`json_extract(payload, ${'$.' + field})`, '=', value)
      .executeTakeFirst();
    return Number(r.numUpdatedRows);
  }

  /** Whether a job of a kind whose payload field equals a value is waiting or running (so another is not queued). */
  async hasPendingWhere(kind: string, field: string, value: string, options: { in?: DB; states?: JobState[] } = {}): Promise<boolean> {
    const row = await (options.in ?? this.db)
      .selectFrom('jobs')
      .select('id')
      .where('kind', '=', kind)
      .where('state', 'in', options.states ?? ['queued', 'running'])
      .where(sql<string>`json_extract(payload, ${'$.' + field})`, '=', value)
      .executeTakeFirst();
    return row !== undefined;
  }

  async countsByState(): Promise<Record<JobState, number>> {
    const rows = await this.db
      .selectFrom('jobs')
      .select(['state', (eb) => eb.fn.countAll<number>().as('n')])
      .groupBy('state')
      .execute();
    const counts: Record<JobState, number> = { queued: 0, running: 0, done: 0, dead: 0, cancelled: 0 };
    for (const r of rows) counts[r.state] = Number(r.n);
    return counts;
  }
}
