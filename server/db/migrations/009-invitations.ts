/**
 * Pending co-author invitations by e-mail: an owner invited an address that has no account yet.
 * The invitation becomes membership of the (replicated) manuscript once an account with that
 * verified address exists. `manuscript_id` names a replicated document (sync_docs), so no
 * foreign key; the row goes when claimed or revoked.
 */
import { sql, type Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    CREATE TABLE manuscript_invitations (
      id TEXT PRIMARY KEY,
      manuscript_id TEXT NOT NULL,
      inviter_id TEXT NOT NULL REFERENCES users(id) ON DELETE CASCADE,
      email TEXT NOT NULL,
      role TEXT NOT NULL CHECK (role IN ('editor','commenter','viewer')),
      created_at INTEGER NOT NULL,
      UNIQUE (manuscript_id, email)
    )`.execute(db);
  await sql`CREATE INDEX manuscript_invitations_email ON manuscript_invitations(email)`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`DROP TABLE manuscript_invitations`.execute(db);
}
