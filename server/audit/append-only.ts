/**
 * The audit log refuses any UPDATE or DELETE, whoever asks: triggers, in each engine's own
 * dialect (migration 001 calls this).
 */
import { sql, type QueryExecutorProvider } from 'kysely';
import { forEngine } from '../db/engine';

export async function makeAuditLogAppendOnly(db: QueryExecutorProvider): Promise<void> {
  await forEngine(db, {
    SQLite: async () => {
      await sql`CREATE TRIGGER audit_no_update BEFORE UPDATE ON audit_log BEGIN SELECT RAISE(ABORT, 'audit_log is append-only'); END`.execute(db);
      await sql`CREATE TRIGGER audit_no_delete BEFORE DELETE ON audit_log BEGIN SELECT RAISE(ABORT, 'audit_log is append-only'); END`.execute(db);
    },
    PostgreSQL: async () => {
      await sql`
        CREATE FUNCTION audit_log_refuse_change() RETURNS trigger LANGUAGE plpgsql
        AS $$ BEGIN RAISE EXCEPTION 'audit_log is append-only'; END $$`.execute(db);
      await sql`CREATE TRIGGER audit_no_update BEFORE UPDATE ON audit_log FOR EACH ROW EXECUTE FUNCTION audit_log_refuse_change()`.execute(db);
      await sql`CREATE TRIGGER audit_no_delete BEFORE DELETE ON audit_log FOR EACH ROW EXECUTE FUNCTION audit_log_refuse_change()`.execute(db);
    },
  })();
}
