/** Migration 018 turns the featured flag into shelf positions, in the order the shelf showed them (newest first). */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql, type Kysely } from 'kysely';
import { afterEach, describe, expect, it } from 'vitest';
import { openDatabase, type DatabaseHandle } from '../connection';
import { up } from './018-admin-store';

let handle: DatabaseHandle | undefined;
let dir: string | undefined;
afterEach(async () => {
  await handle?.close();
  if (dir) fs.rmSync(dir, { recursive: true, force: true });
});

describe('018-admin-store', () => {
  it('numbers the featured books 1, 2, 3… newest first (undated last) and leaves the others at 0', async () => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'quire-m018-'));
    handle = openDatabase(path.join(dir, 'db.sqlite'));
    const db = handle.db as unknown as Kysely<unknown>;
    await sql`CREATE TABLE sync_docs (collection TEXT, id TEXT, doc TEXT, deleted INTEGER)`.execute(db);
    await sql`CREATE TABLE orders (customer_email TEXT, created_at INTEGER)`.execute(db);
    await sql`CREATE TABLE books (id TEXT PRIMARY KEY, featured INTEGER NOT NULL, published_at INTEGER)`.execute(db);
    await sql`INSERT INTO books VALUES ('old', 1, 100), ('new', 1, 300), ('plain', 0, 200), ('undated', 1, NULL), ('tie-b', 1, 200), ('tie-a', 1, 200)`.execute(
      db,
    );
    await up(db);
    const rows = await sql<{ id: string; featured: number }>`SELECT id, featured FROM books ORDER BY featured, id`.execute(db);
    expect(rows.rows.map((r) => [r.id, r.featured])).toEqual([
      ['plain', 0],
      ['new', 1],
      ['tie-a', 2],
      ['tie-b', 3],
      ['old', 4],
      ['undated', 5],
    ]);
  });
});
