/**
 * Queries of the generic document store (tables of migration 002-sync). Every function takes the
 * database or a transaction so push can run one transaction per row.
 */
import { sql } from 'kysely';
import type { Checkpoint, WireDoc } from '../../sync/replication/doc';
import type { PullResponse } from '../../sync/replication/pull';
import { compiledQuery } from '../db/compiled-query';
import type { DB } from '../db/connection';
import { takeTurn } from '../db/take-turn';

/** Microseconds per millisecond: change times are µs so they stay strictly increasing. */
const MICROS_PER_MS = 1000;

export interface StoredDoc {
  doc: Record<string, unknown>;
  deleted: boolean;
  serverUpdatedAt: number;
}

export async function readDoc(db: DB, collection: string, id: string): Promise<StoredDoc | null> {
  const row = await db
    .selectFrom('syncDocs')
    .select(['doc', 'deleted', 'serverUpdatedAt'])
    .where('collection', '=', collection)
    .where('id', '=', id)
    .executeTakeFirst();
  return row ? { doc: JSON.parse(row.doc), deleted: row.deleted === 1, serverUpdatedAt: row.serverUpdatedAt } : null;
}

export function toWire(stored: Pick<StoredDoc, 'doc' | 'deleted'>): WireDoc {
  return { ...stored.doc, _deleted: stored.deleted } as WireDoc;
}

/**
 * The next change time of a collection: now in µs, or one more than the latest, whichever is
 * larger — strictly increasing even for many writes within one millisecond, and never far
 * ahead of the clock (a thousand writes per ms before it drifts). Called inside the write's
 * transaction, and writers of one collection take turns until they commit (`takeTurn`): a pull
 * reads changes after its checkpoint, so a change must never commit after a later-timed one —
 * the device that pulled the later one would never pull it. SQLite runs one writer at a time
 * anyway; on PostgreSQL two transactions (two instances, or two requests of one) would both read
 * the same latest time, and the slower one could commit behind a checkpoint already handed out.
 */
export async function nextChangeTime(db: DB, collection: string, nowMs: number): Promise<number> {
  await takeTurn(db, `syncDocs.serverUpdatedAt:${collection}`);
  const row = await db
    .selectFrom('syncDocs')
    .select((eb) => eb.fn.max('serverUpdatedAt').as('latest'))
    .where('collection', '=', collection)
    .executeTakeFirst();
  return Math.max(nowMs * MICROS_PER_MS, Number(row?.latest ?? 0) + 1);
}

export async function writeDoc(
  db: DB,
  collection: string,
  doc: Record<string, unknown> & { id: string },
  deleted: boolean,
  serverUpdatedAt: number,
  audience: string[],
): Promise<void> {
  const values = { collection, id: doc.id, doc: JSON.stringify(doc), serverUpdatedAt, deleted: deleted ? 1 : 0 };
  await db
    .insertInto('syncDocs')
    .values(values)
    .onConflict((oc) => oc.columns(['collection', 'id']).doUpdateSet({ doc: values.doc, serverUpdatedAt, deleted: values.deleted }))
    .execute();
  await db.deleteFrom('syncAudience').where('collection', '=', collection).where('docId', '=', doc.id).execute();
  const users = [...new Set(audience)];
  if (users.length) {
    await db
      .insertInto('syncAudience')
      .values(users.map((userId) => ({ collection, docId: doc.id, userId, serverUpdatedAt })))
      .execute();
  }
}

/** The feed's page query, compiled once: every pull runs it (see compiled-query.ts). */
const feedRows = compiledQuery((db, slot: (name: 'userId' | 'collection' | 'afterTime' | 'afterId' | 'limit') => string) =>
  db
    .selectFrom('syncAudience as a')
    .innerJoin('syncDocs as d', (j) => j.onRef('d.collection', '=', 'a.collection').onRef('d.id', '=', 'a.docId'))
    .select(['d.id', 'd.doc', 'd.deleted', 'a.serverUpdatedAt'])
    .where('a.userId', '=', slot('userId'))
    .where('a.collection', '=', slot('collection'))
    .where(sql<boolean>`(a.server_updated_at, a.doc_id) > (${slot('afterTime')}, ${slot('afterId')})`)
    .orderBy('a.serverUpdatedAt')
    .orderBy('a.docId')
    .limit(sql<number>`${slot('limit')}`),
);

/** One page of the documents `userId` may see, after `checkpoint`, in (time, id) order: stored rows. */
async function pullRows(db: DB, collection: string, userId: string, checkpoint: Checkpoint | null, limit: number) {
  const after = checkpoint ?? { updatedAt: -1, id: '' };
  const rows = await feedRows(db, { userId, collection, afterTime: after.updatedAt, afterId: after.id, limit });
  const last = rows.at(-1);
  return { rows, checkpoint: last ? { updatedAt: last.serverUpdatedAt, id: last.id } : checkpoint };
}

/** One page of the documents `userId` may see, parsed (for server code that reads them). */
export async function pullPage(db: DB, collection: string, userId: string, checkpoint: Checkpoint | null, limit: number): Promise<PullResponse> {
  const page = await pullRows(db, collection, userId, checkpoint, limit);
  return { documents: page.rows.map((r) => toWire({ doc: JSON.parse(r.doc), deleted: r.deleted === 1 })), checkpoint: page.checkpoint };
}

/**
 * The same page as the JSON text of a PullResponse, for the pull route: each document's stored
 * JSON goes out as it is, never parsed and serialised again (most of a pull's cost, issue 11).
 */
export async function pullPageJson(db: DB, collection: string, userId: string, checkpoint: Checkpoint | null, limit: number): Promise<string> {
  const page = await pullRows(db, collection, userId, checkpoint, limit);
  const documents = page.rows.map((r) => wireJson(r.doc, r.deleted === 1)).join(',');
  return `{"documents":[${documents}],"checkpoint":${JSON.stringify(page.checkpoint)}}`;
}

/**
 * toWire on the stored text: `_deleted` written after the document's last field. Were a stored
 * document to carry its own `_deleted`, the later key wins in JSON.parse, as in toWire's spread.
 */
function wireJson(stored: string, deleted: boolean): string {
  const fields = stored.slice(0, stored.lastIndexOf('}')).trimEnd();
  return `${fields}${fields.endsWith('{') ? '' : ','}"_deleted":${deleted}}`;
}
