/**
 * A rotated session (roles changed) lives on for a short grace instead of ending at once: a page
 * load sends several requests with the old cookie at the same time, and the ones that lose the
 * race to rotate must not answer 401 and clear the new cookie. `replaced_at` marks such a row; it
 * is never rotated or extended again, and its expiry is cut to the end of the grace.
 */
import { sql, type Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`ALTER TABLE sessions ADD COLUMN replaced_at INTEGER`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`ALTER TABLE sessions DROP COLUMN replaced_at`.execute(db);
}
