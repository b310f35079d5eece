/**
 * An order's lines keep the cart's order in a column of their own. They were read back in
 * SQLite's insertion order (rowid), which PostgreSQL does not have. Existing SQLite rows take
 * their rowid as position, so every order reads back as before.
 */
import { sql, type Kysely } from 'kysely';
import { forEngine } from '../../db/engine';

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`ALTER TABLE order_lines ADD COLUMN position INTEGER NOT NULL DEFAULT 0`.execute(db);
  await forEngine(db, {
    SQLite: async () => {
      await sql`UPDATE order_lines SET position = rowid`.execute(db);
    },
    PostgreSQL: async () => {}, // no orders were taken on PostgreSQL before this migration
  })();
  await sql`DROP INDEX IF EXISTS order_lines_order`.execute(db);
  await sql`CREATE INDEX order_lines_order ON order_lines(order_id, position)`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`DROP INDEX IF EXISTS order_lines_order`.execute(db);
  await sql`ALTER TABLE order_lines DROP COLUMN position`.execute(db);
  await sql`CREATE INDEX order_lines_order ON order_lines(order_id)`.execute(db);
}
