/** Migration 047 lets `exports` hold Word exports, keeping the rows there and their indexes; down drops them again. */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql, type Kysely } from 'kysely';
import { afterEach, describe, expect, it } from 'vitest';
import { openDatabase, type DatabaseHandle } from '../connection';
import { up as createExports } from './034-exports';
import { down, up } from './047-docx-exports';

let handle: DatabaseHandle | undefined;
let dir: string | undefined;
afterEach(async () => {
  await handle?.close();
  if (dir) fs.rmSync(dir, { recursive: true, force: true });
});

const insert = (db: Kysely<unknown>, id: string, format: string) =>
  sql`INSERT INTO exports (id, owner_id, source_kind, title, format, created_at, updated_at) VALUES (${id}, 'u1', 'account', 'T', ${format}, 1, 1)`.execute(db);

describe('047-docx-exports', () => {
  it('accepts the docx format, keeps the exports already there and their indexes, and takes Word exports away on the way down', async () => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'quire-m047-'));
    handle = openDatabase(path.join(dir, 'db.sqlite'));
    const db = handle.db as unknown as Kysely<unknown>;
    await sql`CREATE TABLE users (id TEXT PRIMARY KEY)`.execute(db);
    await sql`CREATE TABLE blobs (hash TEXT PRIMARY KEY)`.execute(db);
    await sql`CREATE TABLE publication_editions (id TEXT PRIMARY KEY)`.execute(db);
    await sql`INSERT INTO users VALUES ('u1')`.execute(db);
    await createExports(db);
    await insert(db, 'e1', 'epub');
    await expect(insert(db, 'd0', 'docx')).rejects.toThrow(/CHECK/);

    await up(db);
    await insert(db, 'd1', 'docx');
    await expect(insert(db, 'x1', 'pdf')).rejects.toThrow(/CHECK/);
    const rows = await sql<{ id: string; format: string }>`SELECT id, format FROM exports ORDER BY id`.execute(db);
    expect(rows.rows).toEqual([
      { id: 'd1', format: 'docx' },
      { id: 'e1', format: 'epub' },
    ]);
    const indexes = await sql<{
      name: string;
    }>`SELECT name FROM sqlite_master WHERE type = 'index' AND tbl_name = 'exports' AND name LIKE 'exports_%' ORDER BY name`.execute(db);
    expect(indexes.rows.map((r) => r.name)).toEqual(['exports_expiry', 'exports_owner']);

    await down(db);
    expect((await sql<{ id: string }>`SELECT id FROM exports`.execute(db)).rows.map((r) => r.id)).toEqual(['e1']);
  });
});
