/**
 * The imprint and its people (server/publisher, decision 043).
 * - `imprints` gains its details (description, website, contact e-mail, default currency), its
 *   payout account (the number is kept whole for paying out; only `payout_last4` ever leaves the
 *   server) and its storefront: a slug, set when the storefront is first saved (until then the
 *   imprint has no public page), and a logo and banner chosen from a member's /files (gone with the
 *   file).
 * - `imprint_featured_books`: the storefront's featured books in order.
 * - `imprint_authors`: authors the imprint invited (status 'invited') and who accepted ('active');
 *   listed per imprint, and per invitee for their pending invitations.
 */
import { sql, type Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  for (const column of [
    sql`description TEXT NOT NULL DEFAULT ''`,
    sql`website TEXT NOT NULL DEFAULT ''`,
    sql`contact_email TEXT NOT NULL DEFAULT ''`,
    sql`default_currency TEXT NOT NULL DEFAULT 'USD'`,
    sql`payout_holder TEXT`,
    sql`payout_kind TEXT CHECK (payout_kind IN ('iban','account'))`,
    sql`payout_account TEXT`,
    sql`payout_bank_code TEXT`,
    sql`payout_last4 TEXT`,
    sql`payout_updated_at INTEGER`,
    sql`store_slug TEXT`,
    sql`logo_file_id TEXT REFERENCES files(id) ON DELETE SET NULL`,
    sql`banner_file_id TEXT REFERENCES files(id) ON DELETE SET NULL`,
    sql`updated_at INTEGER`,
  ]) {
    await sql`ALTER TABLE imprints ADD COLUMN ${column}`.execute(db);
  }
  await sql`CREATE UNIQUE INDEX imprints_store_slug ON imprints(store_slug) WHERE store_slug IS NOT NULL`.execute(db);
  await sql`CREATE INDEX imprint_members_role ON imprint_members(imprint_id, role)`.execute(db);
  await sql`
    CREATE TABLE imprint_featured_books (
      imprint_id TEXT NOT NULL REFERENCES imprints(id) ON DELETE CASCADE,
      book_id TEXT NOT NULL REFERENCES books(id) ON DELETE CASCADE,
      position INTEGER NOT NULL,
      PRIMARY KEY (imprint_id, book_id)
    )`.execute(db);
  await sql`CREATE INDEX imprint_featured_order ON imprint_featured_books(imprint_id, position)`.execute(db);
  await sql`
    CREATE TABLE imprint_authors (
      imprint_id TEXT NOT NULL REFERENCES imprints(id) ON DELETE CASCADE,
      user_id TEXT NOT NULL REFERENCES users(id) ON DELETE CASCADE,
      status TEXT NOT NULL CHECK (status IN ('invited','active')),
      invited_by TEXT REFERENCES users(id) ON DELETE SET NULL,
      invited_at INTEGER NOT NULL,
      joined_at INTEGER,
      PRIMARY KEY (imprint_id, user_id)
    )`.execute(db);
  await sql`CREATE INDEX imprint_authors_user ON imprint_authors(user_id, status)`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`DROP TABLE imprint_authors`.execute(db);
  await sql`DROP TABLE imprint_featured_books`.execute(db);
  await sql`DROP INDEX imprint_members_role`.execute(db);
  await sql`DROP INDEX imprints_store_slug`.execute(db);
  for (const column of [
    'updated_at',
    'banner_file_id',
    'logo_file_id',
    'store_slug',
    'payout_updated_at',
    'payout_last4',
    'payout_bank_code',
    'payout_account',
    'payout_kind',
    'payout_holder',
    'default_currency',
    'contact_email',
    'website',
    'description',
  ]) {
    await sql`ALTER TABLE imprints DROP COLUMN ${sql.raw(column)}`.execute(db);
  }
}
