/**
 * Usernames and e-mails are stored lowercase — the sign-up and profile schemas lowercase them —
 * and looked up by equality on their UNIQUE indexes (server/auth/users.ts activeAccountNamed;
 * lower(column) would scan the table). This makes it true of any older row: each is lowercased
 * unless the lowercase form is already another account's (two accounts told apart only by case are
 * left as they are, for an admin to settle: neither is renamed behind its owner's back).
 */
import { sql, type Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  for (const column of ['username', 'email'] as const) {
    const ref = sql.ref(column);
    const rows = await sql<{ id: string; value: string }>`SELECT id, ${ref} AS value FROM users WHERE ${ref} <> lower(${ref}) ORDER BY created_at, id`.execute(
      db,
    );
    for (const row of rows.rows) {
      const lower = row.value.toLowerCase();
      // One row at a time: a row lowercased earlier in this loop counts as taken too.
      await sql`UPDATE users SET ${ref} = ${lower} WHERE id = ${row.id} AND NOT EXISTS (SELECT 1 FROM users WHERE ${ref} = ${lower})`.execute(db);
    }
  }
}

export async function down(): Promise<void> {
  // Nothing to undo: the original spellings were not kept, and lowercase ones work everywhere.
}
