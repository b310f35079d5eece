/** The statement cache behind Kysely: one prepare per SQL text, least recently used out first. */
import SQLite from 'better-sqlite3';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { withStatementCache } from './statement-cache';

let sqlite: SQLite.Database;
afterEach(() => {
  if (sqlite.open) sqlite.close();
});

function open(size?: number) {
  sqlite = new SQLite(':memory:');
  sqlite.exec('CREATE TABLE t (a INTEGER)');
  const prepare = vi.spyOn(sqlite, 'prepare');
  return { db: withStatementCache(sqlite, size), prepare };
}

describe('withStatementCache', () => {
  it('prepares a SQL text once and answers later calls with the same statement', () => {
    const { db, prepare } = open();
    const first = db.prepare('INSERT INTO t (a) VALUES (?)');
    first.run([1]);
    const again = db.prepare('INSERT INTO t (a) VALUES (?)');
    again.run([2]);
    expect(again).toBe(first);
    expect(prepare).toHaveBeenCalledTimes(1);
    expect(db.prepare('SELECT a FROM t ORDER BY a').all([])).toEqual([{ a: 1 }, { a: 2 }]);
  });

  it('keeps at most `size` statements, dropping the least recently used', () => {
    const { db, prepare } = open(2);
    const a = db.prepare('SELECT 1');
    db.prepare('SELECT 2');
    db.prepare('SELECT 1'); // a is now the most recently used
    db.prepare('SELECT 3'); // SELECT 2 leaves
    expect(db.cachedStatements).toBe(2);
    expect(db.prepare('SELECT 1')).toBe(a);
    prepare.mockClear();
    db.prepare('SELECT 2');
    expect(prepare).toHaveBeenCalledTimes(1);
  });

  it('a kept statement sees a schema change made after it was prepared', () => {
    const { db } = open();
    expect(db.prepare('SELECT * FROM t').all([])).toEqual([]);
    sqlite.exec("ALTER TABLE t ADD COLUMN b TEXT; INSERT INTO t VALUES (1, 'x')");
    expect(db.prepare('SELECT * FROM t').all([])).toEqual([{ a: 1, b: 'x' }]);
  });

  it('gives a fresh statement while the kept one is being iterated', () => {
    const { db } = open();
    sqlite.exec('INSERT INTO t VALUES (1), (2)');
    const iterating = db.prepare('SELECT a FROM t').iterate([]);
    iterating.next();
    expect(db.prepare('SELECT a FROM t').all([])).toEqual([{ a: 1 }, { a: 2 }]);
    iterating.return?.();
  });

  it('close() closes the database', () => {
    const { db } = open();
    db.prepare('SELECT 1');
    db.close();
    expect(sqlite.open).toBe(false);
    expect(db.cachedStatements).toBe(0);
  });
});
