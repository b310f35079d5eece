/** Migration 012 adds the rating summary columns only when migration 010 has not already. */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql, type Kysely } from 'kysely';
import { afterEach, describe, expect, it } from 'vitest';
import { openDatabase, type DatabaseHandle } from '../connection';
import { up } from './012-reviews';

let handle: DatabaseHandle | undefined;
let dir: string | undefined;
afterEach(async () => {
  await handle?.close();
  if (dir) fs.rmSync(dir, { recursive: true, force: true });
});

async function freshDb(booksColumns: string) {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'quire-m012-'));
  handle = openDatabase(path.join(dir, 'db.sqlite'));
  const db = handle.db as unknown as Kysely<unknown>;
  await sql`CREATE TABLE users (id TEXT PRIMARY KEY)`.execute(db);
  await sql.raw(`CREATE TABLE books (id TEXT PRIMARY KEY${booksColumns})`).execute(db);
  return db;
}
const columns = async (db: Kysely<unknown>) => (await sql<{ name: string; dfltValue: string | null }>`PRAGMA table_info(books)`.execute(db)).rows;

describe('012-reviews', () => {
  it('adds rating_count and rating_sum when books lacks them', async () => {
    const db = await freshDb('');
    await up(db);
    expect((await columns(db)).map((c) => c.name)).toEqual(['id', 'rating_count', 'rating_sum']);
  });

  it('leaves them be when migration 010 added them first', async () => {
    const db = await freshDb(', rating_count INTEGER NOT NULL DEFAULT 7, rating_sum INTEGER NOT NULL DEFAULT 9');
    await up(db);
    expect((await columns(db)).map((c) => [c.name, c.dfltValue])).toEqual([
      ['id', null],
      ['rating_count', '7'],
      ['rating_sum', '9'],
    ]);
  });
});
