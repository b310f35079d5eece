/**
 * The PostgreSQL side of ctx.db (DATABASE_URL=postgres://…): Kysely's PostgreSQL dialect over a
 * `pg` pool, answering with the same JavaScript values as SQLite does, so features cannot tell:
 * BIGINT (every millisecond time and count) and NUMERIC (sums, averages) come back as numbers,
 * not strings. Every id, time and amount Quire stores fits in a double.
 */
import type pg from 'pg';
import { CamelCasePlugin, Kysely, PostgresDialect } from 'kysely';
import type { Database } from './schema';
import type { DatabaseHandle } from './connection';
import { onUse } from '../load-on-use';

const loadPg = onUse<typeof pg>('pg');

const INT8 = 20;
const NUMERIC = 1700;

const types = {
  getTypeParser(oid: number, format?: 'text' | 'binary') {
    if (oid === INT8 || oid === NUMERIC) return (value: string) => Number(value);
    return loadPg().types.getTypeParser(oid, format);
  },
} as pg.CustomTypesConfig;

export function openPostgres(url: string, { max = 10 }: { max?: number } = {}): DatabaseHandle {
  const pool = new (loadPg().Pool)({ connectionString: url, max, types });
  // An idle connection the server ends (a restart, a failover, a dropped database) emits 'error'
  // on the pool; unheard, that would end the process. The pool replaces the connection on the
  // next query, and a query that was running gets the error itself.
  pool.on('error', (error) => console.warn(`PostgreSQL: an idle connection was closed (${error.message})`));
  const db = new Kysely<Database>({ dialect: new PostgresDialect({ pool }), plugins: [new CamelCasePlugin()] });
  return {
    db,
    engine: 'PostgreSQL',
    // PostgreSQL's autovacuum keeps the planner's statistics; nothing to do at start.
    optimize: () => {},
    close: async () => {
      await db.destroy();
    },
  };
}
