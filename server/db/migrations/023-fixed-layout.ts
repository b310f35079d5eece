/**
 * Fixed-layout books (decision 029): the book's layout and spread rule, and each page's layout,
 * side of a spread and size. Existing books are reflowable, as they were imported.
 */
import { sql, type Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`ALTER TABLE books ADD COLUMN layout TEXT NOT NULL DEFAULT 'reflowable' CHECK (layout IN ('reflowable','pre-paginated'))`.execute(db);
  await sql`ALTER TABLE books ADD COLUMN spread TEXT NOT NULL DEFAULT 'auto' CHECK (spread IN ('auto','none','landscape','both'))`.execute(db);
  await sql`ALTER TABLE book_chapters ADD COLUMN layout TEXT NOT NULL DEFAULT 'reflowable' CHECK (layout IN ('reflowable','pre-paginated'))`.execute(db);
  await sql`ALTER TABLE book_chapters ADD COLUMN page_spread TEXT CHECK (page_spread IN ('left','right','center'))`.execute(db);
  await sql`ALTER TABLE book_chapters ADD COLUMN viewport_width REAL`.execute(db);
  await sql`ALTER TABLE book_chapters ADD COLUMN viewport_height REAL`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const column of ['layout', 'page_spread', 'viewport_width', 'viewport_height']) {
    await sql`ALTER TABLE book_chapters DROP COLUMN ${sql.ref(column)}`.execute(db);
  }
  await sql`ALTER TABLE books DROP COLUMN layout`.execute(db);
  await sql`ALTER TABLE books DROP COLUMN spread`.execute(db);
}
