/** Migration 049 lets `exports` hold print PDFs with their trim size, keeping the rows there and their indexes; down drops them again. */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql, type Kysely } from 'kysely';
import { afterEach, describe, expect, it } from 'vitest';
import { openDatabase, type DatabaseHandle } from '../connection';
import { up as createExports } from './034-exports';
import { up as addDocx } from './047-docx-exports';
import { down, up } from './049-print-pdf-exports';

let handle: DatabaseHandle | undefined;
let dir: string | undefined;
afterEach(async () => {
  await handle?.close();
  if (dir) fs.rmSync(dir, { recursive: true, force: true });
});

const insert = (db: Kysely<unknown>, id: string, format: string) =>
  sql`INSERT INTO exports (id, owner_id, source_kind, title, format, created_at, updated_at) VALUES (${id}, 'u1', 'account', 'T', ${format}, 1, 1)`.execute(db);

describe('049-print-pdf-exports', () => {
  it('accepts print PDFs with a trim size, keeps the exports already there and their indexes, and takes PDFs away on the way down', async () => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'quire-m049-'));
    handle = openDatabase(path.join(dir, 'db.sqlite'));
    const db = handle.db as unknown as Kysely<unknown>;
    await sql`CREATE TABLE users (id TEXT PRIMARY KEY)`.execute(db);
    await sql`CREATE TABLE blobs (hash TEXT PRIMARY KEY)`.execute(db);
    await sql`CREATE TABLE publication_editions (id TEXT PRIMARY KEY)`.execute(db);
    await sql`INSERT INTO users VALUES ('u1')`.execute(db);
    await createExports(db);
    await addDocx(db);
    await insert(db, 'd1', 'docx');
    await expect(insert(db, 'p0', 'pdf')).rejects.toThrow(/CHECK/);

    await up(db);
    await sql`INSERT INTO exports (id, owner_id, source_kind, title, format, trim_id, created_at, updated_at) VALUES ('p1', 'u1', 'account', 'T', 'pdf', '5x8', 1, 1)`.execute(
      db,
    );
    const rows = await sql<{ id: string; format: string; trimId: string | null }>`SELECT id, format, trim_id FROM exports ORDER BY id`.execute(db);
    expect(rows.rows).toEqual([
      { id: 'd1', format: 'docx', trimId: null },
      { id: 'p1', format: 'pdf', trimId: '5x8' },
    ]);
    const indexes = await sql<{
      name: string;
    }>`SELECT name FROM sqlite_master WHERE type = 'index' AND tbl_name = 'exports' AND name LIKE 'exports_%' ORDER BY name`.execute(db);
    expect(indexes.rows.map((r) => r.name)).toEqual(['exports_expiry', 'exports_owner']);

    await down(db);
    expect((await sql<{ id: string }>`SELECT id FROM exports`.execute(db)).rows.map((r) => r.id)).toEqual(['d1']);
    await expect(insert(db, 'p2', 'pdf')).rejects.toThrow(/CHECK/);
  });
});
