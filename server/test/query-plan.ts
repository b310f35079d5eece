/**
 * How the database would run a query, in the terms tests assert on, from either engine's plan:
 * the tables read from end to end (`scans`, by name and by alias) and the indexes used. (A
 * SQLite SCAN through an index still reads all of it, so it counts as a scan.)
 * SQLite's EXPLAIN QUERY PLAN says SCAN / SEARCH … USING INDEX; PostgreSQL's EXPLAIN says
 * Seq Scan / Index Scan, and is asked with sequential scans discouraged, so that on a test's
 * handful of rows it still shows whether an index *can* serve the query.
 */
import { CompiledQuery, sql } from 'kysely';
import type { DB } from '../db/connection';
import { forEngine } from '../db/engine';

export interface QueryPlan {
  scans: string[];
  indexes: string[];
  /** The engine's own words, for failure messages. */
  text: string;
}

export async function queryPlan(db: DB, query: { sql: string; parameters: readonly unknown[] }): Promise<QueryPlan> {
  return forEngine(db, { SQLite: sqlitePlan, PostgreSQL: postgresPlan })(db, query);
}

async function sqlitePlan(db: DB, query: { sql: string; parameters: readonly unknown[] }): Promise<QueryPlan> {
  const { rows } = await db.executeQuery<{ detail: string }>(CompiledQuery.raw(`EXPLAIN QUERY PLAN ${query.sql}`, [...query.parameters]));
  const plan: QueryPlan = { scans: [], indexes: [], text: rows.map((r) => r.detail).join('\n') };
  for (const { detail } of rows) {
    const virtual = /^SCAN (\w+) VIRTUAL TABLE INDEX \d+:M/.exec(detail); // a full-text MATCH: the index
    const scan = /^SCAN (\w+)/.exec(detail); // with or without an index, every row of it is read
    const search = /USING (?:COVERING )?INDEX (\w+)|USING (INTEGER PRIMARY KEY)/.exec(detail);
    if (virtual) plan.indexes.push(virtual[1]!);
    else if (scan) plan.scans.push(scan[1]!);
    if (search) plan.indexes.push(search[1] ?? search[2]!);
  }
  return plan;
}

async function postgresPlan(db: DB, query: { sql: string; parameters: readonly unknown[] }): Promise<QueryPlan> {
  const rows = await db.transaction().execute(async (trx) => {
    await sql`SET LOCAL enable_seqscan = off`.execute(trx);
    return (await trx.executeQuery<Record<string, string>>(CompiledQuery.raw(`EXPLAIN ${query.sql}`, [...query.parameters]))).rows;
  });
  const lines = rows.map((r) => Object.values(r)[0]!);
  const plan: QueryPlan = { scans: [], indexes: [], text: lines.join('\n') };
  for (const line of lines) {
    const scan = /Seq Scan on (\w+)(?: (\w+))?/.exec(line);
    const index = /Index (?:Only )?Scan (?:Backward )?(?:using|on) (\w+)/.exec(line);
    if (scan) plan.scans.push(scan[1]!, ...(scan[2] ? [scan[2]] : []));
    if (index) plan.indexes.push(index[1]!);
  }
  return plan;
}
