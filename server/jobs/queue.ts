/**
 * The durable job queue's one interface (decision 058). The composition root picks the
 * implementation once from the database's engine (server/jobs/open-queue.ts): on SQLite Quire's
 * own `jobs` table (server/jobs/table-queue.ts), on PostgreSQL pg-boss's job table
 * (server/jobs/pgboss-queue.ts). Both claim with a visibility timeout so a crashed worker's job
 * comes back, retry with exponential backoff (JOB_* in server/limits.ts), and keep a job `dead`
 * with its last error once its attempts are used up. Features only see this interface; readers
 * of the admin views read `jobs`, a table on SQLite and a view over pg-boss's jobs on PostgreSQL.
 */
import type { DB } from '../db/connection';
import type { JobState } from '../db/schema';
import { JOB_BACKOFF_BASE, JOB_BACKOFF_MAX } from '../limits';

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

/** Which kinds a worker's lane takes: only these, or every kind but these (server/jobs/worker.ts). */
export interface Lane {
  only?: readonly string[];
  except?: readonly string[];
}

export interface JobQueue {
  enqueue(kind: string, payload: unknown, options?: EnqueueOptions): Promise<number>;
  /** Take the next ready job (queued and due, or running past its visibility timeout) of a lane. */
  claim(lane?: Lane): Promise<Job | null>;
  complete(job: Job): Promise<void>;
  /** Back to the queue after a backoff, or dead once its attempts are used up. */
  fail(job: Job, error: unknown): Promise<void>;
  /** A dead or cancelled job queued again with fresh attempts; `in`: a transaction, so it commits with its audit entry. */
  retry(id: number, options?: { in?: DB }): Promise<boolean>;
  /** A job still waiting to run cancelled; false when it is in any other state. */
  cancel(id: number, options?: { in?: DB }): Promise<boolean>;
  /** Cancel queued jobs of a kind whose payload field equals a value (e.g. an undone erasure); `in` as for enqueue. */
  cancelWhere(kind: string, field: string, value: string, options?: { in?: DB }): Promise<number>;
  /** Whether a job of a kind whose payload field equals a value is waiting or running (so another is not queued). */
  hasPendingWhere(kind: string, field: string, value: string, options?: { in?: DB; states?: JobState[] }): Promise<boolean>;
  countsByState(): Promise<Record<JobState, number>>;
}

/** Queues a job of a kind that needs at most one waiting or running at a time (a start-up backfill), whichever engine holds the queue. */
export async function enqueueUnlessPending(queue: JobQueue, kind: string): Promise<void> {
  if (!(await queue.hasPendingWhere(kind, 'single', kind))) await queue.enqueue(kind, { single: kind });
}

export function backoffDelay(attempts: number): number {
  return Math.min(JOB_BACKOFF_MAX, JOB_BACKOFF_BASE * 2 ** Math.max(0, attempts - 1));
}

export function errorText(error: unknown): string {
  const message = error instanceof Error ? `${error.message}\n${error.stack ?? ''}`.trim() : String(error);
  return message.slice(0, 4000);
}

export function emptyCounts(): Record<JobState, number> {
  return { queued: 0, running: 0, done: 0, dead: 0, cancelled: 0 };
}
