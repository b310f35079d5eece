/**
 * The database's own consistency check, for /admin/test: SQLite's `PRAGMA quick_check` reads
 * every page; PostgreSQL checks its pages as it reads them and has no such statement without the
 * amcheck extension, so there the check is that the server answers and is not in recovery.
 */
import { sql } from 'kysely';
import type { DB } from './connection';
import { forEngine } from './engine';

/** 'ok', or what the engine found wrong. */
export function integrityVerdict(db: DB): Promise<string> {
  return forEngine(db, {
    SQLite: async () => {
      const rows = (await sql<Record<string, string>>`PRAGMA quick_check`.execute(db)).rows;
      return rows.map((r) => Object.values(r)[0]).join('; ');
    },
    PostgreSQL: async () => {
      const rows = (await sql<{ recovering: boolean }>`SELECT pg_is_in_recovery() AS recovering`.execute(db)).rows;
      return rows[0]?.recovering ? 'the server is in recovery (read-only)' : 'ok';
    },
  })();
}
