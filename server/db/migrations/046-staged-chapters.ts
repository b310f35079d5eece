/**
 * A streamed import's chapters, written a batch at a time while the EPUB is read (decision 060)
 * and moved into book_chapters by one INSERT … SELECT in the book's transaction. Readers never
 * look here, so a half-read book is invisible; an import that fails deletes its rows, and rows a
 * crash left behind are swept by the next import (created_at). No foreign key: the book may not
 * exist yet, and its id is only settled when the chapters are in.
 */
import { sql, type Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    CREATE TABLE staged_chapters (
      stage_id TEXT NOT NULL,
      ord INTEGER NOT NULL,
      id TEXT NOT NULL,
      title TEXT NOT NULL,
      xhtml TEXT NOT NULL,
      word_count INTEGER NOT NULL,
      linear INTEGER NOT NULL,
      layout TEXT NOT NULL,
      page_spread TEXT,
      viewport_width REAL,
      viewport_height REAL,
      created_at INTEGER NOT NULL,
      PRIMARY KEY (stage_id, ord)
    )`.execute(db);
  await sql`CREATE INDEX staged_chapters_created ON staged_chapters(created_at)`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`DROP TABLE staged_chapters`.execute(db);
}
