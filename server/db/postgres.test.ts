/**
 * PostgreSQL ending an idle connection (a restart, a failover) must not end the process: the pool
 * hears the error and opens a new connection for the next query. Runs under `npm run test:pg`.
 */
import { sql } from 'kysely';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { buildTestContext, type TestContext } from '../test/test-context';
import { engineOf } from './engine';

let t: TestContext;
afterEach(async () => {
  vi.restoreAllMocks();
  await t.close();
});

describe('the PostgreSQL pool', () => {
  it('survives the server ending its idle connections', async () => {
    t = await buildTestContext();
    if (engineOf(t.ctx.db) !== 'PostgreSQL') {
      console.log('server/db/postgres.test.ts: this run is on SQLite; npm run test:pg runs it on PostgreSQL');
      return;
    }
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    // Two connections at once, so one is idle while the other ends it.
    await Promise.all([sql`SELECT pg_sleep(0.05)`.execute(t.ctx.db), sql`SELECT pg_sleep(0.05)`.execute(t.ctx.db)]);
    const ended = await sql<{ ended: number }>`
      SELECT count(*) AS ended FROM (
        SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE datname = current_database() AND pid <> pg_backend_pid()
      ) AS t`.execute(t.ctx.db);
    expect(Number(ended.rows[0]!.ended)).toBeGreaterThan(0);
    await vi.waitFor(() => expect(warn).toHaveBeenCalledWith(expect.stringContaining('an idle connection was closed')));
    const after = await sql<{ one: number }>`SELECT 1 AS one`.execute(t.ctx.db);
    expect(after.rows[0]!.one).toBe(1);
  });
});
