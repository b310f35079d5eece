/**
 * The blog (server/blog): posts, their tags, and the slugs they used to have.
 *
 * - The public list reads published posts newest first, optionally by tag; the admin list reads
 *   by state and last change. Each has its index.
 * - A slug is unique among current slugs (the column) and old ones (blog_old_slugs' key), so an
 *   old address always leads to exactly one post; renaming a post back to an old slug of its own
 *   takes that row away again (server/blog/commands.ts).
 * - The cover is one of the writer's files; deleting the file leaves the post without a cover.
 */
import { sql, type Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    CREATE TABLE blog_posts (
      id TEXT PRIMARY KEY,
      slug TEXT NOT NULL UNIQUE,
      title TEXT NOT NULL,
      excerpt TEXT NOT NULL DEFAULT '',
      body_html TEXT NOT NULL DEFAULT '',
      cover_file_id TEXT REFERENCES files(id) ON DELETE SET NULL,
      author_id TEXT REFERENCES users(id) ON DELETE SET NULL,
      state TEXT NOT NULL CHECK (state IN ('draft', 'scheduled', 'published')),
      scheduled_at INTEGER,
      published_at INTEGER,
      created_at INTEGER NOT NULL,
      updated_at INTEGER NOT NULL,
      CHECK ((state = 'scheduled') = (scheduled_at IS NOT NULL)),
      CHECK ((state = 'published') = (published_at IS NOT NULL))
    )`.execute(db);
  await sql`CREATE INDEX blog_posts_published ON blog_posts(published_at DESC, id) WHERE state = 'published'`.execute(db);
  await sql`CREATE INDEX blog_posts_by_state ON blog_posts(state, updated_at DESC)`.execute(db);
  await sql`CREATE INDEX blog_posts_by_change ON blog_posts(updated_at DESC)`.execute(db);
  await sql`CREATE INDEX blog_posts_author ON blog_posts(author_id)`.execute(db);
  await sql`CREATE INDEX blog_posts_cover ON blog_posts(cover_file_id) WHERE cover_file_id IS NOT NULL`.execute(db);

  await sql`
    CREATE TABLE blog_post_tags (
      tag TEXT NOT NULL,
      post_id TEXT NOT NULL REFERENCES blog_posts(id) ON DELETE CASCADE,
      position INTEGER NOT NULL,
      PRIMARY KEY (tag, post_id)
    ) WITHOUT ROWID`.execute(db);
  await sql`CREATE INDEX blog_post_tags_post ON blog_post_tags(post_id, position)`.execute(db);

  await sql`
    CREATE TABLE blog_old_slugs (
      slug TEXT PRIMARY KEY,
      post_id TEXT NOT NULL REFERENCES blog_posts(id) ON DELETE CASCADE,
      retired_at INTEGER NOT NULL
    ) WITHOUT ROWID`.execute(db);
  await sql`CREATE INDEX blog_old_slugs_post ON blog_old_slugs(post_id)`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`DROP TABLE blog_old_slugs`.execute(db);
  await sql`DROP TABLE blog_post_tags`.execute(db);
  await sql`DROP TABLE blog_posts`.execute(db);
}
