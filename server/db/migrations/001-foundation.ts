/**
 * The foundation schema: accounts, sessions, e-mailed codes, roles and requests, audit log,
 * settings, notifications, mail outbox, job queue, debug reports and the canonical book format.
 * Times are integer milliseconds since the epoch; ids are random text unless noted.
 */
import { sql, type Kysely } from 'kysely';
import { makeAuditLogAppendOnly } from '../../audit/append-only';

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    CREATE TABLE users (
      id TEXT PRIMARY KEY,
      email TEXT NOT NULL UNIQUE,
      username TEXT NOT NULL UNIQUE,
      display_name TEXT NOT NULL,
      password_hash TEXT,
      email_verified_at INTEGER,
      status TEXT NOT NULL DEFAULT 'active' CHECK (status IN ('active','suspended','deleting','deleted')),
      roles_version INTEGER NOT NULL DEFAULT 1,
      bio TEXT NOT NULL DEFAULT '',
      avatar_url TEXT,
      profile_visibility TEXT NOT NULL DEFAULT 'public' CHECK (profile_visibility IN ('public','private')),
      theme TEXT NOT NULL DEFAULT 'system',
      deletion_due_at INTEGER,
      created_at INTEGER NOT NULL,
      updated_at INTEGER NOT NULL
    )`.execute(db);
  await sql`CREATE INDEX users_created_at ON users(created_at)`.execute(db);
  await sql`CREATE INDEX users_status ON users(status, deletion_due_at)`.execute(db);

  await sql`
    CREATE TABLE user_roles (
      user_id TEXT NOT NULL REFERENCES users(id) ON DELETE CASCADE,
      role TEXT NOT NULL CHECK (role IN ('author','publisher','admin')),
      granted_at INTEGER NOT NULL,
      granted_by TEXT,
      PRIMARY KEY (user_id, role)
    )`.execute(db);
  await sql`CREATE INDEX user_roles_role ON user_roles(role)`.execute(db);

  await sql`
    CREATE TABLE sessions (
      id TEXT PRIMARY KEY,
      secret_hash BLOB NOT NULL,
      user_id TEXT NOT NULL REFERENCES users(id) ON DELETE CASCADE,
      roles_version INTEGER NOT NULL,
      user_agent TEXT NOT NULL DEFAULT '',
      ip TEXT NOT NULL DEFAULT '',
      created_at INTEGER NOT NULL,
      last_seen_at INTEGER NOT NULL,
      expires_at INTEGER NOT NULL
    )`.execute(db);
  await sql`CREATE INDEX sessions_user ON sessions(user_id)`.execute(db);
  await sql`CREATE INDEX sessions_expires ON sessions(expires_at)`.execute(db);

  await sql`
    CREATE TABLE auth_codes (
      id TEXT PRIMARY KEY,
      secret_hash BLOB NOT NULL,
      purpose TEXT NOT NULL CHECK (purpose IN ('verify','signin','reset','reset-form','invite')),
      user_id TEXT REFERENCES users(id) ON DELETE CASCADE,
      email TEXT NOT NULL,
      data TEXT NOT NULL DEFAULT '{}',
      created_at INTEGER NOT NULL,
      expires_at INTEGER NOT NULL,
      used_at INTEGER
    )`.execute(db);
  await sql`CREATE INDEX auth_codes_email ON auth_codes(email, purpose)`.execute(db);
  await sql`CREATE INDEX auth_codes_user ON auth_codes(user_id)`.execute(db);

  await sql`
    CREATE TABLE imprints (
      id TEXT PRIMARY KEY,
      name TEXT NOT NULL,
      owner_id TEXT REFERENCES users(id) ON DELETE SET NULL,
      created_at INTEGER NOT NULL
    )`.execute(db);
  await sql`CREATE INDEX imprints_owner ON imprints(owner_id)`.execute(db);
  await sql`
    CREATE TABLE imprint_members (
      imprint_id TEXT NOT NULL REFERENCES imprints(id) ON DELETE CASCADE,
      user_id TEXT NOT NULL REFERENCES users(id) ON DELETE CASCADE,
      role TEXT NOT NULL DEFAULT 'owner',
      PRIMARY KEY (imprint_id, user_id)
    )`.execute(db);
  await sql`CREATE INDEX imprint_members_user ON imprint_members(user_id)`.execute(db);

  await sql`
    CREATE TABLE role_requests (
      id TEXT PRIMARY KEY,
      user_id TEXT NOT NULL REFERENCES users(id) ON DELETE CASCADE,
      role TEXT NOT NULL CHECK (role IN ('author','publisher')),
      imprint_name TEXT,
      message TEXT NOT NULL DEFAULT '',
      status TEXT NOT NULL DEFAULT 'pending' CHECK (status IN ('pending','approved','rejected')),
      note TEXT NOT NULL DEFAULT '',
      created_at INTEGER NOT NULL,
      decided_at INTEGER,
      decided_by TEXT REFERENCES users(id) ON DELETE SET NULL
    )`.execute(db);
  await sql`CREATE INDEX role_requests_queue ON role_requests(role, status, created_at)`.execute(db);
  await sql`CREATE INDEX role_requests_user ON role_requests(user_id)`.execute(db);

  await sql`
    CREATE TABLE beta_requests (
      id TEXT PRIMARY KEY,
      name TEXT NOT NULL,
      email TEXT NOT NULL,
      interest TEXT NOT NULL CHECK (interest IN ('reading','writing','publishing')),
      reason TEXT NOT NULL DEFAULT '',
      status TEXT NOT NULL DEFAULT 'pending' CHECK (status IN ('pending','approved','rejected')),
      note TEXT NOT NULL DEFAULT '',
      created_at INTEGER NOT NULL,
      decided_at INTEGER,
      decided_by TEXT REFERENCES users(id) ON DELETE SET NULL
    )`.execute(db);
  await sql`CREATE INDEX beta_requests_queue ON beta_requests(status, created_at)`.execute(db);
  await sql`CREATE INDEX beta_requests_email ON beta_requests(email)`.execute(db);

  // Append-only: the triggers refuse any UPDATE or DELETE, whoever asks.
  await sql`
    CREATE TABLE audit_log (
      id INTEGER PRIMARY KEY AUTOINCREMENT,
      at INTEGER NOT NULL,
      actor_id TEXT,
      actor_label TEXT NOT NULL DEFAULT '',
      action TEXT NOT NULL,
      target_type TEXT NOT NULL DEFAULT '',
      target_id TEXT NOT NULL DEFAULT '',
      detail TEXT NOT NULL DEFAULT '{}',
      ip TEXT NOT NULL DEFAULT ''
    )`.execute(db);
  await sql`CREATE INDEX audit_at ON audit_log(at)`.execute(db);
  await sql`CREATE INDEX audit_actor ON audit_log(actor_id, at)`.execute(db);
  await sql`CREATE INDEX audit_action ON audit_log(action, at)`.execute(db);
  await sql`CREATE INDEX audit_target ON audit_log(target_type, target_id)`.execute(db);
  await makeAuditLogAppendOnly(db);

  await sql`CREATE TABLE settings (key TEXT PRIMARY KEY, value TEXT NOT NULL)`.execute(db);

  await sql`
    CREATE TABLE notification_prefs (
      user_id TEXT NOT NULL REFERENCES users(id) ON DELETE CASCADE,
      event TEXT NOT NULL,
      channel TEXT NOT NULL CHECK (channel IN ('in_app','email')),
      enabled INTEGER NOT NULL,
      PRIMARY KEY (user_id, event, channel)
    )`.execute(db);

  await sql`
    CREATE TABLE notifications (
      id TEXT PRIMARY KEY,
      user_id TEXT NOT NULL REFERENCES users(id) ON DELETE CASCADE,
      kind TEXT NOT NULL,
      title TEXT NOT NULL,
      body TEXT NOT NULL DEFAULT '',
      link TEXT,
      created_at INTEGER NOT NULL,
      read_at INTEGER
    )`.execute(db);
  await sql`CREATE INDEX notifications_user ON notifications(user_id, created_at)`.execute(db);

  await sql`
    CREATE TABLE mail_outbox (
      id TEXT PRIMARY KEY,
      to_address TEXT NOT NULL,
      from_address TEXT NOT NULL,
      subject TEXT NOT NULL,
      text_body TEXT NOT NULL,
      html_body TEXT,
      headers TEXT NOT NULL DEFAULT '{}',
      status TEXT NOT NULL DEFAULT 'queued' CHECK (status IN ('queued','sent','stored','failed')),
      error TEXT,
      created_at INTEGER NOT NULL,
      sent_at INTEGER
    )`.execute(db);
  await sql`CREATE INDEX mail_outbox_created ON mail_outbox(created_at)`.execute(db);
  await sql`CREATE INDEX mail_outbox_to ON mail_outbox(to_address, created_at)`.execute(db);

  await sql`
    CREATE TABLE jobs (
      id INTEGER PRIMARY KEY AUTOINCREMENT,
      kind TEXT NOT NULL,
      payload TEXT NOT NULL DEFAULT '{}',
      state TEXT NOT NULL DEFAULT 'queued' CHECK (state IN ('queued','running','done','dead','cancelled')),
      attempts INTEGER NOT NULL DEFAULT 0,
      max_attempts INTEGER NOT NULL,
      run_at INTEGER NOT NULL,
      locked_until INTEGER,
      last_error TEXT,
      created_at INTEGER NOT NULL,
      updated_at INTEGER NOT NULL,
      finished_at INTEGER
    )`.execute(db);
  await sql`CREATE INDEX jobs_ready ON jobs(state, run_at)`.execute(db);
  await sql`CREATE INDEX jobs_kind ON jobs(kind, state)`.execute(db);

  await sql`
    CREATE TABLE debug_reports (
      key TEXT PRIMARY KEY,
      digest TEXT NOT NULL,
      source TEXT NOT NULL CHECK (source IN ('client','server')),
      message TEXT NOT NULL,
      stack TEXT NOT NULL DEFAULT '',
      route TEXT NOT NULL DEFAULT '',
      status INTEGER,
      user_agent TEXT NOT NULL DEFAULT '',
      count INTEGER NOT NULL DEFAULT 1,
      first_seen INTEGER NOT NULL,
      last_seen INTEGER NOT NULL,
      resolved INTEGER NOT NULL DEFAULT 0
    )`.execute(db);
  await sql`CREATE INDEX debug_reports_last ON debug_reports(last_seen)`.execute(db);
  await sql`CREATE INDEX debug_reports_digest ON debug_reports(digest)`.execute(db);

  // Content-addressed files: the bytes live at DATA_DIR/blobs/ab/abcdef… (sha-256 hex).
  await sql`
    CREATE TABLE blobs (
      hash TEXT PRIMARY KEY,
      size INTEGER NOT NULL,
      media_type TEXT NOT NULL,
      created_at INTEGER NOT NULL
    )`.execute(db);

  // The canonical book format: metadata + ordered chapters of sanitised XHTML + assets.
  await sql`
    CREATE TABLE books (
      id TEXT PRIMARY KEY,
      slug TEXT NOT NULL UNIQUE,
      title TEXT NOT NULL,
      subtitle TEXT NOT NULL DEFAULT '',
      description TEXT NOT NULL DEFAULT '',
      language TEXT NOT NULL DEFAULT 'en',
      isbn TEXT,
      price_cents INTEGER NOT NULL DEFAULT 0,
      currency TEXT NOT NULL DEFAULT 'USD',
      page_count INTEGER,
      publisher_name TEXT NOT NULL DEFAULT '',
      imprint_id TEXT REFERENCES imprints(id) ON DELETE SET NULL,
      genres TEXT NOT NULL DEFAULT '[]',
      status TEXT NOT NULL DEFAULT 'draft' CHECK (status IN ('draft','submitted','in_review','changes_requested','published','unlisted')),
      featured INTEGER NOT NULL DEFAULT 0,
      cover_path TEXT,
      published_at INTEGER,
      created_at INTEGER NOT NULL,
      updated_at INTEGER NOT NULL
    )`.execute(db);
  await sql`CREATE INDEX books_published ON books(status, published_at)`.execute(db);
  await sql`CREATE INDEX books_featured ON books(status, featured)`.execute(db);
  await sql`
    CREATE TABLE book_contributors (
      book_id TEXT NOT NULL REFERENCES books(id) ON DELETE CASCADE,
      ord INTEGER NOT NULL,
      name TEXT NOT NULL,
      role TEXT NOT NULL DEFAULT 'author',
      user_id TEXT REFERENCES users(id) ON DELETE SET NULL,
      PRIMARY KEY (book_id, ord)
    )`.execute(db);
  await sql`CREATE INDEX book_contributors_user ON book_contributors(user_id)`.execute(db);
  await sql`
    CREATE TABLE book_chapters (
      id TEXT PRIMARY KEY,
      book_id TEXT NOT NULL REFERENCES books(id) ON DELETE CASCADE,
      ord INTEGER NOT NULL,
      title TEXT NOT NULL,
      xhtml TEXT NOT NULL,
      word_count INTEGER NOT NULL DEFAULT 0,
      UNIQUE (book_id, ord)
    )`.execute(db);
  await sql`
    CREATE TABLE book_assets (
      book_id TEXT NOT NULL REFERENCES books(id) ON DELETE CASCADE,
      path TEXT NOT NULL,
      media_type TEXT NOT NULL,
      blob_hash TEXT NOT NULL REFERENCES blobs(hash),
      PRIMARY KEY (book_id, path)
    )`.execute(db);
  await sql`
    CREATE TABLE library_entries (
      user_id TEXT NOT NULL REFERENCES users(id) ON DELETE CASCADE,
      book_id TEXT NOT NULL REFERENCES books(id) ON DELETE CASCADE,
      source TEXT NOT NULL CHECK (source IN ('seed','claim','purchase','author')),
      acquired_at INTEGER NOT NULL,
      PRIMARY KEY (user_id, book_id)
    )`.execute(db);
  await sql`CREATE INDEX library_entries_book ON library_entries(book_id)`.execute(db);
}
