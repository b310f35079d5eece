/** Migration 042 lowercases older usernames and e-mails, never merging two accounts told apart only by case. */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql, type Kysely } from 'kysely';
import { afterEach, describe, expect, it } from 'vitest';
import { openDatabase, type DatabaseHandle } from '../connection';
import { up } from './042-lowercase-user-names';

let handle: DatabaseHandle | undefined;
let dir: string | undefined;
afterEach(async () => {
  await handle?.close();
  if (dir) fs.rmSync(dir, { recursive: true, force: true });
});

describe('042-lowercase-user-names', () => {
  it('lowercases each username and e-mail unless another account already has the lowercase form', async () => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'quire-m042-'));
    handle = openDatabase(path.join(dir, 'db.sqlite'));
    const db = handle.db as unknown as Kysely<unknown>;
    await sql`CREATE TABLE users (id TEXT PRIMARY KEY, email TEXT NOT NULL UNIQUE, username TEXT NOT NULL UNIQUE, created_at INTEGER NOT NULL)`.execute(db);
    await sql`INSERT INTO users VALUES
      ('a', 'Ada@Example.test', 'Ada_Q', 1),
      ('b1', 'bob@example.test', 'Bob', 2),
      ('b2', 'BOB@example.test', 'BOB', 3),
      ('c', 'carol@example.test', 'carol', 4),
      ('d', 'dan@example.test', 'Carol', 5)`.execute(db);
    await up(db);
    const rows = await sql<{ id: string; email: string; username: string }>`SELECT id, email, username FROM users ORDER BY id`.execute(db);
    expect(rows.rows).toEqual([
      { id: 'a', email: 'ada@example.test', username: 'ada_q' },
      // The older of two spellings takes the lowercase form; the other is left for an admin.
      { id: 'b1', email: 'bob@example.test', username: 'bob' },
      { id: 'b2', email: 'BOB@example.test', username: 'BOB' },
      { id: 'c', email: 'carol@example.test', username: 'carol' },
      { id: 'd', email: 'dan@example.test', username: 'Carol' },
    ]);
  });
});
