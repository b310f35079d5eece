/**
 * The automatic checks of a submission grow (server/publishing/checks, decision 045):
 * `edition_checks` gains the `warning` status (a problem the reviewer weighs, not a failure) and
 * `findings`, the JSON list of where each problem is ({ where, reason }: which chapter, link or
 * image). SQLite cannot change a CHECK constraint in place, so the table is rebuilt, keeping its rows.
 */
import { sql, type Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    CREATE TABLE edition_checks_new (
      edition_id TEXT NOT NULL REFERENCES publication_editions(id) ON DELETE CASCADE,
      name TEXT NOT NULL,
      status TEXT NOT NULL CHECK (status IN ('pending','passed','warning','failed','not_run')),
      message TEXT NOT NULL DEFAULT '',
      findings TEXT NOT NULL DEFAULT '[]',
      checked_at INTEGER,
      PRIMARY KEY (edition_id, name)
    )`.execute(db);
  await sql`
    INSERT INTO edition_checks_new (edition_id, name, status, message, checked_at)
    SELECT edition_id, name, status, message, checked_at FROM edition_checks`.execute(db);
  await sql`DROP TABLE edition_checks`.execute(db);
  await sql`ALTER TABLE edition_checks_new RENAME TO edition_checks`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`
    CREATE TABLE edition_checks_old (
      edition_id TEXT NOT NULL REFERENCES publication_editions(id) ON DELETE CASCADE,
      name TEXT NOT NULL,
      status TEXT NOT NULL CHECK (status IN ('pending','passed','failed','not_run')),
      message TEXT NOT NULL DEFAULT '',
      checked_at INTEGER,
      PRIMARY KEY (edition_id, name)
    )`.execute(db);
  await sql`
    INSERT INTO edition_checks_old (edition_id, name, status, message, checked_at)
    SELECT edition_id, name, CASE status WHEN 'warning' THEN 'failed' ELSE status END, message, checked_at FROM edition_checks`.execute(db);
  await sql`DROP TABLE edition_checks`.execute(db);
  await sql`ALTER TABLE edition_checks_old RENAME TO edition_checks`.execute(db);
}
