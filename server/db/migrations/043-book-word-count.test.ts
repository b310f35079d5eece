/** Migration 043 stores each book's word count, filled in from its chapters for the books already there. */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql, type Kysely } from 'kysely';
import { afterEach, describe, expect, it } from 'vitest';
import { openDatabase, type DatabaseHandle } from '../connection';
import { up } from './043-book-word-count';

let handle: DatabaseHandle | undefined;
let dir: string | undefined;
afterEach(async () => {
  await handle?.close();
  if (dir) fs.rmSync(dir, { recursive: true, force: true });
});

describe('043-book-word-count', () => {
  it('sums the chapters of each existing book, and 0 for a book without any', async () => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'quire-m043-'));
    handle = openDatabase(path.join(dir, 'db.sqlite'));
    const db = handle.db as unknown as Kysely<unknown>;
    await sql`CREATE TABLE books (id TEXT PRIMARY KEY)`.execute(db);
    await sql`CREATE TABLE book_chapters (id TEXT PRIMARY KEY, book_id TEXT NOT NULL REFERENCES books(id), ord INTEGER NOT NULL, word_count INTEGER NOT NULL DEFAULT 0)`.execute(
      db,
    );
    await sql`INSERT INTO books VALUES ('a'), ('b'), ('empty')`.execute(db);
    await sql`INSERT INTO book_chapters VALUES ('a1', 'a', 0, 100), ('a2', 'a', 1, 250), ('b1', 'b', 0, 7)`.execute(db);
    await up(db);
    const rows = await sql<{ id: string; wordCount: number }>`SELECT id, word_count FROM books ORDER BY id`.execute(db);
    expect(rows.rows).toEqual([
      { id: 'a', wordCount: 350 },
      { id: 'b', wordCount: 7 },
      { id: 'empty', wordCount: 0 },
    ]);
  });
});
