/**
 * Newsletters (server/newsletter, decision 038).
 * - `newsletters`: the site's ('site') and each author's ('author:{userId}'), made on first use:
 *   sender name, reply-to, the welcome mail sent on confirmation, and the postal address of the
 *   footer (an author's falls back to the site's, which the admin sets).
 * - `newsletter_subscriptions`: one per (newsletter, address). `pending` until the confirmation
 *   link (its SHA-256 only, with an expiry) is used; the hash is cleared then, so a replay finds
 *   nothing. Unsubscribe links are HMACs of the subscription id (server/newsletter/tokens.ts).
 * - `newsletter_issues`: drafts, scheduled and sent issues; the archive reads sent ones.
 * - `newsletter_deliveries`: one row per (issue, subscription), written in the same transaction
 *   as the outbox row and its mail job, so a send that crashes resumes without a second copy.
 */
import { sql, type Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    CREATE TABLE newsletters (
      id TEXT PRIMARY KEY,
      author_id TEXT UNIQUE REFERENCES users(id) ON DELETE CASCADE,
      sender_name TEXT NOT NULL DEFAULT '',
      reply_to TEXT NOT NULL DEFAULT '',
      welcome_subject TEXT NOT NULL DEFAULT '',
      welcome_body TEXT NOT NULL DEFAULT '',
      postal_address TEXT NOT NULL DEFAULT '',
      created_at INTEGER NOT NULL,
      updated_at INTEGER NOT NULL
    )`.execute(db);
  await sql`
    CREATE TABLE newsletter_subscriptions (
      id TEXT PRIMARY KEY,
      newsletter_id TEXT NOT NULL REFERENCES newsletters(id) ON DELETE CASCADE,
      email TEXT NOT NULL,
      user_id TEXT REFERENCES users(id) ON DELETE SET NULL,
      status TEXT NOT NULL CHECK (status IN ('pending','active','unsubscribed')),
      confirm_hash TEXT UNIQUE,
      confirm_expires_at INTEGER,
      confirmed_at INTEGER,
      unsubscribed_at INTEGER,
      unsubscribed_issue_id TEXT,
      created_at INTEGER NOT NULL,
      UNIQUE (newsletter_id, email)
    )`.execute(db);
  await sql`CREATE INDEX newsletter_subscriptions_sending ON newsletter_subscriptions(newsletter_id, status, id)`.execute(db);
  await sql`CREATE INDEX newsletter_subscriptions_user ON newsletter_subscriptions(user_id)`.execute(db);
  await sql`CREATE INDEX newsletter_subscriptions_email ON newsletter_subscriptions(email)`.execute(db);
  await sql`CREATE INDEX newsletter_subscriptions_issue ON newsletter_subscriptions(unsubscribed_issue_id)`.execute(db);
  await sql`
    CREATE TABLE newsletter_issues (
      id TEXT PRIMARY KEY,
      newsletter_id TEXT NOT NULL REFERENCES newsletters(id) ON DELETE CASCADE,
      subject TEXT NOT NULL,
      body TEXT NOT NULL,
      status TEXT NOT NULL CHECK (status IN ('draft','scheduled','sending','sent')),
      send_at INTEGER,
      sent_at INTEGER,
      created_by TEXT REFERENCES users(id) ON DELETE SET NULL,
      created_at INTEGER NOT NULL,
      updated_at INTEGER NOT NULL
    )`.execute(db);
  await sql`CREATE INDEX newsletter_issues_of ON newsletter_issues(newsletter_id, status, sent_at)`.execute(db);
  await sql`
    CREATE TABLE newsletter_deliveries (
      issue_id TEXT NOT NULL REFERENCES newsletter_issues(id) ON DELETE CASCADE,
      subscription_id TEXT NOT NULL REFERENCES newsletter_subscriptions(id) ON DELETE CASCADE,
      outbox_id TEXT NOT NULL,
      created_at INTEGER NOT NULL,
      PRIMARY KEY (issue_id, subscription_id)
    )`.execute(db);
  await sql`CREATE INDEX newsletter_deliveries_subscription ON newsletter_deliveries(subscription_id)`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`DROP TABLE newsletter_deliveries`.execute(db);
  await sql`DROP TABLE newsletter_issues`.execute(db);
  await sql`DROP TABLE newsletter_subscriptions`.execute(db);
  await sql`DROP TABLE newsletters`.execute(db);
}
