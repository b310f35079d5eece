/**
 * On PostgreSQL the queue is pg-boss (decision 058): jobs are rows of pg-boss's job table, a job
 * written in a transaction exists only if it commits, failures back off by Quire's rule and end
 * dead, and several workers on their own connections run each job exactly once. Runs under
 * `npm run test:pg` (the SQLite queue has its own tests: queue.test.ts, claim-across-processes).
 */
import { sql } from 'kysely';
import { afterEach, describe, expect, it } from 'vitest';
import type { DB } from '../db/connection';
import { down, up } from '../db/migrations/045-pg-boss-jobs';
import { openPostgres } from '../db/postgres';
import { PostgresDdlPlugin } from '../db/postgres-ddl';
import { JOB_BACKOFF_BASE } from '../limits';
import { buildTestContext, type TestContext } from '../test/test-context';
import { openJobQueue } from './open-queue';
import { PgBossJobQueue, uuidOf } from './pgboss-queue';
import { backoffDelay } from './queue';
import { JobWorker } from './worker';

type MigrationDb = Parameters<typeof up>[0];

let t: TestContext;
afterEach(async () => t?.close());

interface BossRow {
  name: string;
  data: unknown;
  state: string;
  retryCount: number;
  retryLimit: number;
  startAfter: number;
  output: { message?: string } | null;
}

async function bossRows(db: DB, kind: string): Promise<BossRow[]> {
  const { rows } = await sql<BossRow>`
    SELECT name, data, state::text AS state, retry_count, retry_limit, (extract(epoch FROM start_after) * 1000)::bigint AS start_after, output
    FROM pgboss.job WHERE name = ${kind} ORDER BY id`.execute(db);
  return rows;
}

describe.runIf(!!process.env.QUIRE_TEST_PG_URL)('the job queue on PostgreSQL is pg-boss', () => {
  it('writes each job as a pg-boss job in a queue of its kind, keyed by the UUID of its number, and completes it there', async () => {
    t = await buildTestContext();
    expect(t.ctx.queue).toBeInstanceOf(PgBossJobQueue);
    const worker = new JobWorker(t.ctx.queue);
    const seen: unknown[] = [];
    worker.register('test.echo', async (p) => void seen.push(p));
    const id = await t.ctx.queue.enqueue('test.echo', { n: 1 });

    const { rows: queues } = await sql<{ name: string }>`SELECT name FROM pgboss.queue WHERE name = 'test.echo'`.execute(t.ctx.db);
    expect(queues).toHaveLength(1);
    const { rows: keyed } = await sql<{ n: number }>`SELECT count(*) AS n FROM pgboss.job WHERE id = ${uuidOf(id)}::uuid`.execute(t.ctx.db);
    expect(Number(keyed[0]!.n)).toBe(1);
    expect(await bossRows(t.ctx.db, 'test.echo')).toEqual([expect.objectContaining({ data: { n: 1 }, state: 'created', retryLimit: 4 })]);

    expect(await worker.drain()).toBe(1);
    expect(seen).toEqual([{ n: 1 }]);
    expect((await bossRows(t.ctx.db, 'test.echo'))[0]!.state).toBe('completed');
    // The admin views read `jobs`, a view over pg-boss's rows in Quire's words.
    const job = await t.ctx.db.selectFrom('jobs').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
    expect(job).toMatchObject({ kind: 'test.echo', state: 'done', attempts: 1, maxAttempts: 5, payload: '{"n": 1}' });
  });

  it('keeps no job of a transaction that rolled back, and the job of one that committed', async () => {
    t = await buildTestContext();
    await expect(
      t.ctx.db.transaction().execute(async (trx) => {
        await t.ctx.queue.enqueue('test.tx', { outcome: 'rolled back' }, { in: trx });
        expect(await t.ctx.queue.hasPendingWhere('test.tx', 'outcome', 'rolled back', { in: trx })).toBe(true);
        throw new Error('the work failed');
      }),
    ).rejects.toThrow('the work failed');
    expect(await bossRows(t.ctx.db, 'test.tx')).toEqual([]);

    await t.ctx.db.transaction().execute(async (trx) => {
      await t.ctx.queue.enqueue('test.tx', { outcome: 'committed' }, { in: trx });
      // Not visible outside the transaction until it commits.
      expect(await bossRows(t.ctx.db, 'test.tx')).toEqual([]);
    });
    expect((await bossRows(t.ctx.db, 'test.tx')).map((r) => r.data)).toEqual([{ outcome: 'committed' }]);
  });

  it('retries a failing job after Quire’s backoff, then keeps it failed with its error', async () => {
    t = await buildTestContext();
    const worker = new JobWorker(t.ctx.queue);
    let calls = 0;
    worker.register('test.flaky', async () => {
      calls++;
      throw new Error(`smtp down (${calls})`);
    });
    await t.ctx.queue.enqueue('test.flaky', {}, { maxAttempts: 3 });

    const failedAt = t.ctx.now();
    await worker.drain();
    const [first] = await bossRows(t.ctx.db, 'test.flaky');
    expect(first).toMatchObject({ state: 'retry', retryCount: 0, retryLimit: 2, output: { message: expect.stringContaining('smtp down (1)') } });
    // Due again after JOB_BACKOFF_BASE by Quire's clock, and not before.
    expect(first!.startAfter - failedAt).toBeGreaterThanOrEqual(JOB_BACKOFF_BASE);
    expect(first!.startAfter - failedAt).toBeLessThan(JOB_BACKOFF_BASE + 1_000);
    expect(await worker.drain()).toBe(0);

    t.advance(backoffDelay(1) + 1);
    await worker.drain();
    expect((await bossRows(t.ctx.db, 'test.flaky'))[0]).toMatchObject({ state: 'retry', retryCount: 1 });
    t.advance(backoffDelay(2) / 2);
    expect(await worker.drain()).toBe(0);
    t.advance(backoffDelay(2) / 2 + 1);
    await worker.drain();

    expect(calls).toBe(3);
    expect((await bossRows(t.ctx.db, 'test.flaky'))[0]).toMatchObject({
      state: 'failed',
      retryCount: 2,
      output: { message: expect.stringContaining('smtp down (3)') },
    });
    t.advance(24 * 3_600_000);
    expect(await worker.drain()).toBe(0);
    expect((await t.ctx.queue.countsByState()).dead).toBe(1);
  });

  it('runs each of many jobs exactly once with several workers, each on its own connections', { timeout: 60_000 }, async () => {
    t = await buildTestContext();
    const WORKERS = 4;
    const JOBS = 120;
    for (let n = 0; n < JOBS; n++) await t.ctx.queue.enqueue('test.once', { n });

    const ran: number[][] = Array.from({ length: WORKERS }, () => []);
    const handles = Array.from({ length: WORKERS }, () => openPostgres(t.config.databaseUrl!, { max: 2 }));
    try {
      const workers = await Promise.all(
        handles.map(async (handle, w) => {
          const worker = new JobWorker(await openJobQueue(handle.db, t.ctx.now));
          worker.register('test.once', async (p: { n: number }) => {
            ran[w]!.push(p.n);
            await new Promise((r) => setTimeout(r, 1)); // let the others claim meanwhile
          });
          return worker;
        }),
      );
      await Promise.all(workers.map((w) => w.drain()));
    } finally {
      await Promise.all(handles.map((h) => h.close()));
    }

    expect(
      ran
        .flat()
        .sort((a, b) => a - b)
        .join(),
    ).toBe(Array.from({ length: JOBS }, (_, n) => n).join());
    expect(ran.filter((r) => r.length > 0).length).toBeGreaterThan(1);
    const rows = await bossRows(t.ctx.db, 'test.once');
    expect(rows.every((r) => r.state === 'completed' && r.retryCount === 0)).toBe(true);
  });

  it('lets instances that start together make the same new queues at once', { timeout: 60_000 }, async () => {
    t = await buildTestContext();
    // pg-boss's create_queue also makes a partition; two makers of one queue at once deadlocked.
    const kinds = Array.from({ length: 8 }, (_, n) => `test.together${n}`);
    const handles = Array.from({ length: 3 }, () => openPostgres(t.config.databaseUrl!, { max: 4 }));
    try {
      const queues = await Promise.all(handles.map((handle) => openJobQueue(handle.db, t.ctx.now)));
      await Promise.all(queues.flatMap((queue) => kinds.map((kind) => queue.enqueue(kind, {}))));
    } finally {
      await Promise.all(handles.map((h) => h.close()));
    }
    const { rows } = await sql<{ name: string; jobs: number }>`
      SELECT q.name, (SELECT count(*) FROM pgboss.job j WHERE j.name = q.name) AS jobs
      FROM pgboss.queue q WHERE q.name LIKE 'test.together%' ORDER BY q.name`.execute(t.ctx.db);
    expect(rows.map((r) => [r.name, Number(r.jobs)])).toEqual(kinds.map((kind) => [kind, 3]));
  });

  it('migration 045 moves the jobs of the old table into pg-boss, each in its state, and the queue runs them', async () => {
    t = await buildTestContext();
    // Back to before 045: the jobs table, no pg-boss.
    const ddl = t.ctx.db.withPlugin(new PostgresDdlPlugin()) as unknown as MigrationDb;
    await down(ddl);
    await sql`DROP SCHEMA pgboss CASCADE`.execute(t.ctx.db);
    const at = t.ctx.now();
    await t.ctx.db
      .insertInto('jobs')
      .values([
        { kind: 'old.due', payload: '{"n":1}', state: 'queued', attempts: 1, maxAttempts: 3, runAt: at - 1000, createdAt: at - 5000, updatedAt: at - 1000 },
        { kind: 'old.later', payload: '{"n":2}', state: 'queued', attempts: 0, maxAttempts: 5, runAt: at + 3_600_000, createdAt: at, updatedAt: at },
        {
          kind: 'old.due',
          payload: '{"n":3}',
          state: 'dead',
          attempts: 3,
          maxAttempts: 3,
          runAt: at,
          lastError: 'gone',
          createdAt: at,
          updatedAt: at,
          finishedAt: at,
        },
        { kind: 'old.due', payload: '{"n":4}', state: 'done', attempts: 1, maxAttempts: 5, runAt: at, createdAt: at, updatedAt: at, finishedAt: at },
      ])
      .execute();
    const before = await t.ctx.db
      .selectFrom('jobs')
      .select(['id', 'kind', 'payload', 'state', 'attempts', 'maxAttempts', 'runAt', 'lastError', 'finishedAt'])
      .orderBy('id')
      .execute();

    await t.ctx.db.transaction().execute((trx) => up(trx as unknown as MigrationDb));

    const after = await t.ctx.db
      .selectFrom('jobs')
      .select(['id', 'kind', 'payload', 'state', 'attempts', 'maxAttempts', 'runAt', 'lastError', 'finishedAt'])
      .orderBy('id')
      .execute();
    expect(after.map((j) => ({ ...j, payload: JSON.parse(j.payload) as unknown }))).toEqual(
      before.map((j) => ({ ...j, payload: JSON.parse(j.payload) as unknown })),
    );
    expect((await bossRows(t.ctx.db, 'old.due')).map((r) => r.state)).toEqual(['retry', 'failed', 'completed']);

    const queue = await openJobQueue(t.ctx.db, t.ctx.now);
    const job = await queue.claim();
    expect(job).toMatchObject({ id: before[0]!.id, kind: 'old.due', payload: { n: 1 }, attempts: 2, maxAttempts: 3 });
    expect(await queue.claim()).toBeNull();
    // New jobs are numbered after the old ones.
    expect(await queue.enqueue('old.due', { n: 5 })).toBeGreaterThan(before.at(-1)!.id);
  });
});
