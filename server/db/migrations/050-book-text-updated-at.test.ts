/** Migration 050 gives each stored book the time its text last changed, starting from its updated_at. */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql, type Kysely } from 'kysely';
import { afterEach, describe, expect, it } from 'vitest';
import { openDatabase, type DatabaseHandle } from '../connection';
import { up } from './050-book-text-updated-at';

let handle: DatabaseHandle | undefined;
let dir: string | undefined;
afterEach(async () => {
  await handle?.close();
  if (dir) fs.rmSync(dir, { recursive: true, force: true });
});

describe('050-book-text-updated-at', () => {
  it("starts each existing book's text time at its updated_at", async () => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'quire-m050-'));
    handle = openDatabase(path.join(dir, 'db.sqlite'));
    const db = handle.db as unknown as Kysely<unknown>;
    await sql`CREATE TABLE books (id TEXT PRIMARY KEY, updated_at INTEGER NOT NULL)`.execute(db);
    await sql`INSERT INTO books VALUES ('a', 1000), ('b', 2500)`.execute(db);
    await up(db);
    const rows = await sql<{ id: string; textUpdatedAt: number }>`SELECT id, text_updated_at FROM books ORDER BY id`.execute(db);
    expect(rows.rows).toEqual([
      { id: 'a', textUpdatedAt: 1000 },
      { id: 'b', textUpdatedAt: 2500 },
    ]);
  });
});
