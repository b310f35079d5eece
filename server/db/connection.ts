/**
 * The one place that opens the database: SQLite in DATA_DIR by default, PostgreSQL when
 * DATABASE_URL says so (server/db/postgres.ts). For SQLite: WAL for concurrent readers, foreign
 * keys on, and a busy timeout so the job worker and requests never fail on a momentary lock.
 */
import fs from 'node:fs';
import path from 'node:path';
import SQLite from 'better-sqlite3';
import { Kysely, SqliteDialect, CamelCasePlugin } from 'kysely';
import type { Engine } from './engine';
import { openPostgres } from './postgres';
import type { Database } from './schema';
import { withStatementCache } from './statement-cache';

export type DB = Kysely<Database>;

export interface DatabaseHandle {
  db: DB;
  /** Named by /__probe and /admin/test. */
  engine: Engine;
  /**
   * Refreshes the planner's statistics where they are missing or stale (PRAGMA optimize, as
   * SQLite advises, bounded by analysis_limit). Without them the planner guesses that a status
   * filter is selective and scans every book instead of starting from a genre's few rows.
   */
  optimize(): void;
  close(): Promise<void>;
}

export function openDatabase(file: string): DatabaseHandle {
  fs.mkdirSync(path.dirname(file), { recursive: true });
  const sqlite = new SQLite(file);
  sqlite.pragma('journal_mode = WAL');
  sqlite.pragma('foreign_keys = ON');
  sqlite.pragma('busy_timeout = 5000');
  sqlite.pragma('synchronous = NORMAL');
  // SQLite's 2 MiB page cache makes a catalogue search read most of its pages through system
  // calls; a larger cache and memory-mapped reads keep the hot tables in this process.
  sqlite.pragma('cache_size = -65536');
  sqlite.pragma('mmap_size = 268435456');
  sqlite.pragma('temp_store = MEMORY');
  const db = new Kysely<Database>({
    dialect: new SqliteDialect({ database: withStatementCache(sqlite) }),
    plugins: [new CamelCasePlugin()],
  });
  const optimize = () => {
    sqlite.pragma('analysis_limit = 1000');
    sqlite.pragma('optimize = 0x10002');
  };
  return {
    db,
    engine: 'SQLite',
    optimize,
    close: async () => {
      if (sqlite.open) optimize(); // a second close (tests' afterEach) finds it closed
      await db.destroy();
    },
  };
}

/** The server's database: PostgreSQL when a postgres:// URL is configured, else SQLite in the data dir. */
export function openConfiguredDatabase(config: { databaseUrl: string | null; dataDir: string }): DatabaseHandle {
  return config.databaseUrl ? openPostgres(config.databaseUrl) : openDatabase(path.join(config.dataDir, 'quire.sqlite'));
}
