/** Migration 052 makes one paperback cover per manuscript and one page count per manuscript and trim; down takes both away. */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql, type Kysely } from 'kysely';
import { afterEach, describe, expect, it } from 'vitest';
import { openDatabase, type DatabaseHandle } from '../connection';
import { down, up } from './052-paperback-covers';

let handle: DatabaseHandle | undefined;
let dir: string | undefined;
afterEach(async () => {
  await handle?.close();
  if (dir) fs.rmSync(dir, { recursive: true, force: true });
});

describe('052-paperback-covers', () => {
  it('keeps one cover per manuscript and one count per manuscript and trim, and drops both on the way down', async () => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'quire-m052-'));
    handle = openDatabase(path.join(dir, 'db.sqlite'));
    const db = handle.db as unknown as Kysely<unknown>;
    await sql`CREATE TABLE users (id TEXT PRIMARY KEY)`.execute(db);
    await sql`INSERT INTO users VALUES ('u1')`.execute(db);
    await up(db);

    await sql`INSERT INTO paperback_covers (manuscript_id, design, updated_by, created_at, updated_at) VALUES ('m1', '{}', 'u1', 1, 1)`.execute(db);
    await expect(sql`INSERT INTO paperback_covers (manuscript_id, design, created_at, updated_at) VALUES ('m1', '{}', 2, 2)`.execute(db)).rejects.toThrow(
      /UNIQUE/,
    );
    await sql`INSERT INTO print_layouts (manuscript_id, trim_id, pages, recorded_by, recorded_at) VALUES ('m1', '6x9', 200, 'u1', 1)`.execute(db);
    await sql`INSERT INTO print_layouts (manuscript_id, trim_id, pages, recorded_at) VALUES ('m1', '5x8', 260, 1)`.execute(db);
    await expect(sql`INSERT INTO print_layouts (manuscript_id, trim_id, pages, recorded_at) VALUES ('m1', '6x9', 210, 2)`.execute(db)).rejects.toThrow(
      /UNIQUE/,
    );
    await expect(sql`INSERT INTO print_layouts (manuscript_id, trim_id, pages, recorded_at) VALUES ('m2', '6x9', 0, 2)`.execute(db)).rejects.toThrow(/CHECK/);
    const rows = await sql<{ trimId: string; pages: number }>`SELECT trim_id, pages FROM print_layouts ORDER BY trim_id`.execute(db);
    expect(rows.rows).toEqual([
      { trimId: '5x8', pages: 260 },
      { trimId: '6x9', pages: 200 },
    ]);

    await down(db);
    const left = await sql<{ name: string }>`SELECT name FROM sqlite_master WHERE name IN ('paperback_covers', 'print_layouts')`.execute(db);
    expect(left.rows).toEqual([]);
  });
});
