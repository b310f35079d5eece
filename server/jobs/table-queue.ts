/**
 * The job queue on SQLite (decision 058 picks it; server/jobs/queue.ts is the interface): Quire's
 * own `jobs` table, claimed with a visibility timeout, retried with exponential backoff, and kept
 * as `dead` with its last error once its attempts are used up. SQLite has one writer at a time, so
 * several processes on one file never claim the same job (claim-across-processes.test.ts).
 */
import { sql } from 'kysely';
import type { DB } from '../db/connection';
import type { JobState } from '../db/schema';
import { JOB_DEFAULT_MAX_ATTEMPTS, JOB_VISIBILITY_TIMEOUT } from '../limits';
import { backoffDelay, emptyCounts, errorText, type EnqueueOptions, type Job, type JobQueue, type Lane } from './queue';

export class TableJobQueue implements JobQueue {
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

  async claim(lane: Lane = {}): Promise<Job | null> {
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
          .limit(1),
      )
      .returning(['id', 'kind', 'payload', 'attempts', 'maxAttempts'])
      .executeTakeFirst();
    if (!row) return null;
    return { ...row, payload: JSON.parse(row.payload) };
  }

  async complete(job: Job): Promise<void> {
    const now = this.now();
    await this.db
      .updateTable('jobs')
      .set({ state: 'done', lockedUntil: null, finishedAt: now, updatedAt: now, lastError: null })
      .where('id', '=', job.id)
      .execute();
  }

  async fail(job: Job, error: unknown): Promise<void> {
    const now = this.now();
    const dead = job.attempts >= job.maxAttempts;
    await this.db
      .updateTable('jobs')
      .set({
        state: dead ? 'dead' : 'queued',
        lockedUntil: null,
        runAt: dead ? now : now + backoffDelay(job.attempts),
        lastError: errorText(error),
        updatedAt: now,
        finishedAt: dead ? now : null,
      })
      .where('id', '=', job.id)
      .execute();
  }

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
    const counts = emptyCounts();
    for (const r of rows) counts[r.state] = Number(r.n);
    return counts;
  }
}
