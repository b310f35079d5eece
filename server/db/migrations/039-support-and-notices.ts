/**
 * The support inbox and notices to segments (server/support, server/notices, decision 046).
 * - `support_conversations`: one per person who wrote to "Quire support" (the messages
 *   collection holds the messages themselves): open / waiting / closed, the staff member it is
 *   assigned to, and the latest message for the inbox list. Listed by status or assignee, newest
 *   first.
 * - `support_messages`: the inbox's copy of each support message, with the staff member who wrote
 *   a reply (the person sees only the team). Filled from the replicated messages addressed to the
 *   team (a cursor in `settings`) and by the reply route.
 * - `notices`: what an admin sent to which segment on which channels, with the counts at sending.
 * - `notice_deliveries`: one row per (notice, person), written before moving to the next person,
 *   so a send that crashes carries on without a second copy; its e-mail is an outbox row.
 */
import { sql, type Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    CREATE TABLE support_conversations (
      user_id TEXT PRIMARY KEY REFERENCES users(id) ON DELETE CASCADE,
      status TEXT NOT NULL CHECK (status IN ('open','waiting','closed')),
      assignee_id TEXT REFERENCES users(id) ON DELETE SET NULL,
      last_message_at INTEGER NOT NULL,
      last_preview TEXT NOT NULL,
      last_from_staff INTEGER NOT NULL,
      created_at INTEGER NOT NULL,
      updated_at INTEGER NOT NULL
    )`.execute(db);
  await sql`CREATE INDEX support_conversations_status ON support_conversations(status, last_message_at)`.execute(db);
  await sql`CREATE INDEX support_conversations_assignee ON support_conversations(assignee_id, status, last_message_at)`.execute(db);
  await sql`CREATE INDEX support_conversations_latest ON support_conversations(last_message_at)`.execute(db);
  await sql`
    CREATE TABLE support_messages (
      id TEXT PRIMARY KEY,
      user_id TEXT NOT NULL REFERENCES users(id) ON DELETE CASCADE,
      staff_id TEXT REFERENCES users(id) ON DELETE SET NULL,
      from_staff INTEGER NOT NULL,
      body TEXT NOT NULL,
      sent_at INTEGER NOT NULL
    )`.execute(db);
  await sql`CREATE INDEX support_messages_thread ON support_messages(user_id, sent_at)`.execute(db);
  await sql`CREATE INDEX support_messages_staff ON support_messages(staff_id)`.execute(db);
  await sql`
    CREATE TABLE notices (
      id TEXT PRIMARY KEY,
      title TEXT NOT NULL,
      body TEXT NOT NULL,
      link TEXT,
      segment TEXT NOT NULL CHECK (segment IN ('everyone','readers','authors','publishers','followers','buyers')),
      segment_ref TEXT,
      segment_label TEXT NOT NULL,
      in_app INTEGER NOT NULL,
      email INTEGER NOT NULL,
      status TEXT NOT NULL CHECK (status IN ('sending','sent')),
      recipients INTEGER NOT NULL,
      excluded INTEGER NOT NULL,
      created_by TEXT REFERENCES users(id) ON DELETE SET NULL,
      created_at INTEGER NOT NULL,
      sent_at INTEGER
    )`.execute(db);
  await sql`CREATE INDEX notices_created ON notices(created_at)`.execute(db);
  await sql`CREATE INDEX notices_created_by ON notices(created_by)`.execute(db);
  await sql`
    CREATE TABLE notice_deliveries (
      notice_id TEXT NOT NULL REFERENCES notices(id) ON DELETE CASCADE,
      user_id TEXT NOT NULL REFERENCES users(id) ON DELETE CASCADE,
      in_app INTEGER NOT NULL,
      outbox_id TEXT,
      created_at INTEGER NOT NULL,
      PRIMARY KEY (notice_id, user_id)
    )`.execute(db);
  await sql`CREATE INDEX notice_deliveries_user ON notice_deliveries(user_id)`.execute(db);
  await sql`CREATE INDEX notice_deliveries_outbox ON notice_deliveries(outbox_id)`.execute(db);
  // The "buyers of a book" segment: purchases of one book.
  await sql`CREATE INDEX library_entries_book_source ON library_entries(book_id, source)`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`DROP INDEX library_entries_book_source`.execute(db);
  await sql`DROP TABLE notice_deliveries`.execute(db);
  await sql`DROP TABLE notices`.execute(db);
  await sql`DROP TABLE support_messages`.execute(db);
  await sql`DROP TABLE support_conversations`.execute(db);
}
