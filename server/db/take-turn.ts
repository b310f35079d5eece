/**
 * For a transaction that reads a counter and writes the next value (an order number, an
 * edition number): writers of one counter take turns. SQLite already runs one writer at a time;
 * on PostgreSQL two transactions would read the same last value, so each first takes a lock on
 * the counter's name that is held until it commits or rolls back.
 */
import { sql } from 'kysely';
import type { DB } from './connection';
import { forEngine } from './engine';

export async function takeTurn(trx: DB, counter: string): Promise<void> {
  await forEngine(trx, {
    SQLite: async () => {},
    PostgreSQL: async () => {
      await sql`SELECT pg_advisory_xact_lock(hashtext(${counter}))`.execute(trx);
    },
  })();
}
