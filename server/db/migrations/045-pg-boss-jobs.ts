/**
 * On PostgreSQL the job queue is pg-boss (decision 058): its schema, the jobs of the old `jobs`
 * table moved into it, and `jobs` becomes a read-only view over pg-boss's jobs in the same
 * columns, so the admin views read one shape on both engines. SQLite keeps its `jobs` table.
 */
import { sql, type Kysely } from 'kysely';
import { forEngine } from '../engine';
import { moveJobsToPgBoss } from '../../jobs/pgboss-queue';

export async function up(db: Kysely<unknown>): Promise<void> {
  await forEngine(db, {
    SQLite: async () => {},
    PostgreSQL: () => moveJobsToPgBoss(db),
  })();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await forEngine(db, {
    SQLite: async () => {},
    PostgreSQL: async () => {
      // Back to an empty table of 001/032's shape; pg-boss's schema and its jobs stay for pg-boss.
      await sql`DROP VIEW jobs`.execute(db);
      await sql`DROP SEQUENCE quire_job_ids`.execute(db);
      await sql`
        CREATE TABLE jobs (
          id INTEGER PRIMARY KEY AUTOINCREMENT,
          kind TEXT NOT NULL,
          payload TEXT NOT NULL DEFAULT '{}',
          state TEXT NOT NULL DEFAULT 'queued' CHECK (state IN ('queued','running','done','dead','cancelled')),
          attempts INTEGER NOT NULL DEFAULT 0,
          max_attempts INTEGER NOT NULL,
          run_at INTEGER NOT NULL,
          locked_until INTEGER,
          last_error TEXT,
          created_at INTEGER NOT NULL,
          updated_at INTEGER NOT NULL,
          finished_at INTEGER
        )`.execute(db);
      await sql`CREATE INDEX jobs_ready ON jobs(state, run_at)`.execute(db);
      await sql`CREATE INDEX jobs_kind ON jobs(kind, state)`.execute(db);
      await sql`CREATE INDEX jobs_finished ON jobs(state, finished_at)`.execute(db);
    },
  })();
}
