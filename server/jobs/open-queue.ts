/**
 * The job queue for a database, picked once by the composition root (server/server.ts) from its
 * engine: Quire's `jobs` table on SQLite, pg-boss on PostgreSQL (decision 058).
 */
import type { DB } from '../db/connection';
import { forEngine } from '../db/engine';
import { PgBossJobQueue } from './pgboss-queue';
import type { JobQueue } from './queue';
import { TableJobQueue } from './table-queue';

export function openJobQueue(db: DB, now: () => number): Promise<JobQueue> {
  return forEngine<() => Promise<JobQueue>>(db, {
    SQLite: async () => new TableJobQueue(db, now),
    PostgreSQL: () => PgBossJobQueue.open(db, now),
  })();
}
