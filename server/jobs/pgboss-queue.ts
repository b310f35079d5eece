/**
 * The job queue on PostgreSQL (decision 058; server/jobs/queue.ts is the interface): pg-boss's
 * schema, queues and job rows. pg-boss installs and migrates its schema, creates a queue (a
 * partition of `pgboss.job`) per job kind, and writes every job with `send` — through the
 * caller's transaction when there is one, so a job exists only if that work commits.
 *
 * The rest is SQL over pg-boss's own job table, in this module only, for three reasons:
 * - Time is Quire's clock (`now`, which tests move), not the database's `now()` that pg-boss's
 *   fetch, complete and fail read; due jobs, backoff and finish times must agree with the SQLite
 *   queue and with /admin/queue-status.
 * - A worker's lane claims across many kinds at once, the oldest due first; pg-boss fetches one
 *   queue at a time. The claim is pg-boss's own fetch statement otherwise (FOR UPDATE SKIP LOCKED,
 *   state → active, retry_count + 1 on a claim after the first), so several workers and instances
 *   never take the same job.
 * - Backoff is JOB_BACKOFF_BASE doubled up to JOB_BACKOFF_MAX (server/limits.ts); pg-boss's is
 *   in whole seconds, jittered and uncapped. Cancelling by a payload field has no pg-boss call.
 *
 * Quire's job ids stay numbers on both engines: each comes from the `quire_job_ids` sequence and
 * is written as the UUID pg-boss keys its rows by (`00000000-0000-4000-8000-` and 12 hex digits).
 * `jobs` is a read-only view over `pgboss.job` in Quire's columns (migration 045), for the readers
 * of the admin views; every write goes through this class.
 */
import { CompiledQuery, sql, type Migration, type RawBuilder } from 'kysely';
import type PgBoss from 'pg-boss';
import type { DB } from '../db/connection';
import { takeTurn } from '../db/take-turn';
import type { JobState } from '../db/schema';
import { JOB_DEFAULT_MAX_ATTEMPTS, JOB_VISIBILITY_TIMEOUT } from '../limits';
import { onUse } from '../load-on-use';
import { backoffDelay, emptyCounts, errorText, type EnqueueOptions, type Job, type JobQueue, type Lane } from './queue';

const loadPgBoss = onUse<typeof PgBoss>('pg-boss');

const SCHEMA = 'pgboss';
const ID_PREFIX = '00000000-0000-4000-8000-';

/** The UUID pg-boss stores for a Quire job id. */
export function uuidOf(id: number): string {
  return ID_PREFIX + id.toString(16).padStart(12, '0');
}

function idOf(uuid: string): number {
  return parseInt(uuid.slice(ID_PREFIX.length), 16);
}

/** A millisecond timestamp as timestamptz, exactly (no float seconds). */
function at(ms: number): RawBuilder<unknown> {
  return sql`(timestamptz 'epoch' + ${ms}::bigint * interval '1 millisecond')`;
}

/** pg-boss's states for each of Quire's. */
const BOSS_STATES: Record<JobState, string[]> = {
  queued: ['created', 'retry'],
  running: ['active'],
  done: ['completed'],
  dead: ['failed'],
  cancelled: ['cancelled'],
};

const QUIRE_STATE: Record<string, JobState> = Object.fromEntries(
  Object.entries(BOSS_STATES).flatMap(([quire, boss]) => boss.map((b) => [b, quire as JobState])),
);

/** pg-boss runs its SQL through this: Quire's pool, or the transaction a job is written in. */
function executorOf(db: DB): PgBoss.Db {
  const plain = db.withoutPlugins();
  return {
    executeSql: async (text: string, values: unknown[] = []) => ({ rows: (await plain.executeQuery(CompiledQuery.raw(text, values))).rows as unknown[] }),
  };
}

export class PgBossJobQueue implements JobQueue {
  /** Kinds whose pg-boss queue this process has made sure of. */
  private readonly queues = new Set<string>();

  private constructor(
    private readonly db: DB,
    private readonly now: () => number,
    private readonly boss: PgBoss,
  ) {}

  /** pg-boss over Quire's pool: it checks (and after an upgrade migrates) its schema; no timers of its own. */
  static async open(db: DB, now: () => number): Promise<PgBossJobQueue> {
    const boss = new (loadPgBoss())({ db: executorOf(db), schema: SCHEMA, supervise: false, schedule: false, migrate: true });
    boss.on('error', (error) => console.error('pg-boss:', error));
    await boss.start();
    return new PgBossJobQueue(db, now, boss);
  }

  /**
   * A kind's queue, made once. Outside the caller's transaction on purpose: an empty queue is not
   * part of the work. pg-boss's create_queue also creates a partition, and two instances making
   * one queue at once deadlock there (seen when two started together), so makers take turns
   * across instances: a lock held by a transaction in which a pg-boss bound to that transaction
   * makes the queue (its functions need no start), so one connection does it all.
   */
  private async queueFor(kind: string): Promise<void> {
    if (this.queues.has(kind)) return;
    await this.db.transaction().execute(async (trx) => {
      await takeTurn(trx, 'pg-boss create_queue');
      await new (loadPgBoss())({ db: executorOf(trx), schema: SCHEMA, supervise: false, schedule: false, migrate: false }).createQueue(kind);
    });
    this.queues.add(kind);
  }

  async enqueue(kind: string, payload: unknown, options: EnqueueOptions = {}): Promise<number> {
    await this.queueFor(kind);
    const db = options.in ?? this.db;
    const { rows } = await sql<{ id: number }>`SELECT nextval('quire_job_ids') AS id`.execute(db);
    const id = Number(rows[0]!.id);
    await this.boss.send(kind, (payload ?? {}) as object, {
      id: uuidOf(id),
      startAfter: new Date(options.runAt ?? this.now()),
      retryLimit: (options.maxAttempts ?? JOB_DEFAULT_MAX_ATTEMPTS) - 1,
      expireInSeconds: JOB_VISIBILITY_TIMEOUT / 1000,
      db: executorOf(db),
    });
    return id;
  }

  async claim(lane: Lane = {}): Promise<Job | null> {
    const now = at(this.now());
    const kinds = lane.only ? sql`AND name = ANY(${[...lane.only]}::text[])` : lane.except?.length ? sql`AND name <> ALL(${[...lane.except]}::text[])` : sql``;
    const { rows } = await sql<{ id: string; name: string; data: unknown; retryCount: number; retryLimit: number }>`
      WITH next AS (
        SELECT name, id FROM pgboss.job
        WHERE ((state < 'active' AND start_after <= ${now}) OR (state = 'active' AND started_on + expire_in < ${now})) ${kinds}
        ORDER BY start_after, id
        LIMIT 1
        FOR UPDATE SKIP LOCKED
      )
      UPDATE pgboss.job j SET
        state = 'active',
        started_on = ${now},
        retry_count = CASE WHEN j.started_on IS NOT NULL THEN j.retry_count + 1 ELSE j.retry_count END
      FROM next
      WHERE j.name = next.name AND j.id = next.id
      RETURNING j.id::text AS id, j.name, j.data, j.retry_count AS "retryCount", j.retry_limit AS "retryLimit"`.execute(this.db);
    const row = rows[0];
    if (!row) return null;
    return { id: idOf(row.id), kind: row.name, payload: row.data ?? {}, attempts: row.retryCount + 1, maxAttempts: row.retryLimit + 1 };
  }

  async complete(job: Job): Promise<void> {
    await sql`
      UPDATE pgboss.job SET state = 'completed', completed_on = ${at(this.now())}, output = NULL
      WHERE name = ${job.kind} AND id = ${uuidOf(job.id)}::uuid`.execute(this.db);
  }

  async fail(job: Job, error: unknown): Promise<void> {
    const now = this.now();
    const dead = job.attempts >= job.maxAttempts;
    await sql`
      UPDATE pgboss.job SET
        state = ${dead ? 'failed' : 'retry'}::pgboss.job_state,
        start_after = ${at(dead ? now : now + backoffDelay(job.attempts))},
        completed_on = ${dead ? at(now) : null},
        output = jsonb_build_object('message', ${errorText(error)}::text)
      WHERE name = ${job.kind} AND id = ${uuidOf(job.id)}::uuid`.execute(this.db);
  }

  async retry(id: number, options: { in?: DB } = {}): Promise<boolean> {
    const r = await sql`
      UPDATE pgboss.job SET state = 'created', start_after = ${at(this.now())}, retry_count = 0, started_on = NULL, completed_on = NULL
      WHERE id = ${uuidOf(id)}::uuid AND state IN ('failed', 'cancelled')`.execute(options.in ?? this.db);
    return Number(r.numAffectedRows ?? 0) > 0;
  }

  async cancel(id: number, options: { in?: DB } = {}): Promise<boolean> {
    const r = await sql`
      UPDATE pgboss.job SET state = 'cancelled', completed_on = ${at(this.now())}
      WHERE id = ${uuidOf(id)}::uuid AND state < 'active'`.execute(options.in ?? this.db);
    return Number(r.numAffectedRows ?? 0) > 0;
  }

  async cancelWhere(kind: string, field: string, value: string, options: { in?: DB } = {}): Promise<number> {
    const r = await sql`
      UPDATE pgboss.job SET state = 'cancelled', completed_on = ${at(this.now())}
      WHERE name = ${kind} AND state < 'active' AND data ->> ${field} = ${value}`.execute(options.in ?? this.db);
    return Number(r.numAffectedRows ?? 0);
  }

  async hasPendingWhere(kind: string, field: string, value: string, options: { in?: DB; states?: JobState[] } = {}): Promise<boolean> {
    const states = (options.states ?? ['queued', 'running']).flatMap((s) => BOSS_STATES[s]);
    const { rows } = await sql`
      SELECT 1 FROM pgboss.job
      WHERE name = ${kind} AND state = ANY(${states}::pgboss.job_state[]) AND data ->> ${field} = ${value}
      LIMIT 1`.execute(options.in ?? this.db);
    return rows.length > 0;
  }

  async countsByState(): Promise<Record<JobState, number>> {
    const { rows } = await sql<{ state: string; n: number }>`SELECT state::text AS state, count(*) AS n FROM pgboss.job GROUP BY state`.execute(this.db);
    const counts = emptyCounts();
    for (const r of rows) {
      const state = QUIRE_STATE[r.state];
      if (state) counts[state] += Number(r.n);
    }
    return counts;
  }
}

const ms = (column: string) => sql.raw(`(extract(epoch FROM ${column}) * 1000)::bigint`);

/**
 * Migration 045 on PostgreSQL: pg-boss's schema from its own construction plans (inside the
 * migration's transaction, so without their BEGIN/COMMIT), the id sequence, every job of the
 * old `jobs` table moved into pg-boss, and `jobs` as a view over pg-boss's jobs.
 */
export async function moveJobsToPgBoss(db: Parameters<Migration['up']>[0]): Promise<void> {
  // Without the migrations' DDL rewrites: this is PostgreSQL's (and pg-boss's) own SQL.
  const plain = db.withoutPlugins();
  const installed = await sql<{ name: string | null }>`SELECT to_regclass('pgboss.version')::text AS name`.execute(plain);
  if (!installed.rows[0]?.name) {
    const plans = loadPgBoss()
      .getConstructionPlans(SCHEMA)
      .replace(/^\s*BEGIN;/, '')
      .replace(/COMMIT;\s*$/, '');
    await sql.raw(plans).execute(plain);
  }
  await sql`CREATE SEQUENCE quire_job_ids`.execute(plain);
  await sql`SELECT setval('quire_job_ids', COALESCE((SELECT max(id) FROM jobs), 0) + 1, false)`.execute(plain);
  await sql`SELECT pgboss.create_queue(kind, json_build_object('policy', 'standard')) FROM (SELECT DISTINCT kind FROM jobs) kinds`.execute(plain);
  await sql`
    INSERT INTO pgboss.job (id, name, data, state, retry_limit, retry_count, start_after, started_on, expire_in, created_on, completed_on, output, policy)
    SELECT
      (${ID_PREFIX} || lpad(to_hex(id), 12, '0'))::uuid,
      kind,
      payload::jsonb,
      (CASE state WHEN 'queued' THEN (CASE WHEN attempts > 0 THEN 'retry' ELSE 'created' END) WHEN 'running' THEN 'active' WHEN 'done' THEN 'completed' WHEN 'dead' THEN 'failed' ELSE 'cancelled' END)::pgboss.job_state,
      max_attempts - 1,
      GREATEST(attempts - 1, 0),
      timestamptz 'epoch' + run_at * interval '1 millisecond',
      CASE WHEN attempts > 0 THEN timestamptz 'epoch' + updated_at * interval '1 millisecond' END,
      ${JOB_VISIBILITY_TIMEOUT / 1000}::int * interval '1 second',
      timestamptz 'epoch' + created_at * interval '1 millisecond',
      timestamptz 'epoch' + finished_at * interval '1 millisecond',
      CASE WHEN last_error IS NOT NULL THEN jsonb_build_object('message', last_error) END,
      'standard'
    FROM jobs`.execute(plain);
  await sql`DROP TABLE jobs`.execute(plain);
  await sql`
    CREATE VIEW jobs AS
    SELECT
      ('x' || right(j.id::text, 12))::bit(48)::bigint AS id,
      j.name AS kind,
      COALESCE(j.data, '{}'::jsonb)::text AS payload,
      CASE
        WHEN j.state IN ('created', 'retry') THEN 'queued'
        WHEN j.state = 'active' THEN 'running'
        WHEN j.state = 'completed' THEN 'done'
        WHEN j.state = 'failed' THEN 'dead'
        ELSE 'cancelled'
      END AS state,
      CASE WHEN j.started_on IS NULL THEN 0 ELSE j.retry_count + 1 END AS attempts,
      j.retry_limit + 1 AS max_attempts,
      ${ms('j.start_after')} AS run_at,
      CASE WHEN j.state = 'active' THEN ${ms('(j.started_on + j.expire_in)')} END AS locked_until,
      j.output ->> 'message' AS last_error,
      ${ms('j.created_on')} AS created_at,
      ${ms('GREATEST(j.created_on, j.started_on, j.completed_on)')} AS updated_at,
      ${ms('j.completed_on')} AS finished_at
    FROM pgboss.job j
    WHERE j.id::text LIKE ${sql.lit(ID_PREFIX + '%')}`.execute(plain);
}
