/**
 * Persistence of collaboration documents: an append-only log of Yjs updates per document, folded
 * into one snapshot row by `compact`. Loading applies the snapshot, then every update after it.
 * Yjs updates are idempotent and commutative, so a crash between append and compaction, or
 * a replayed update, never corrupts a document.
 */
import { sql } from 'kysely';
import * as Y from 'yjs';
import type { DB } from '../db/connection';

/** How many racing appends one append may lose before it gives up (the edit then waits in memory, shared-doc.ts). */
const APPEND_ATTEMPTS = 20;

export interface StoredDoc {
  snapshot: Uint8Array | null;
  updates: Uint8Array[];
  /** Highest sequence number in the log (0 when empty); appends continue after it. */
  lastSeq: number;
}

export interface Rendered {
  html: string;
  text: string;
  wordCount: number;
}

export class CollabStore {
  constructor(
    private readonly db: DB,
    private readonly now: () => number,
  ) {}

  async load(docName: string): Promise<StoredDoc> {
    const snapshot = await this.db.selectFrom('collabSnapshots').select('state').where('docName', '=', docName).executeTakeFirst();
    const rows = await this.db.selectFrom('collabUpdates').select(['seq', 'update']).where('docName', '=', docName).orderBy('seq').execute();
    return {
      snapshot: snapshot ? new Uint8Array(snapshot.state) : null,
      updates: rows.map((r) => new Uint8Array(r.update)),
      lastSeq: rows.at(-1)?.seq ?? 0,
    };
  }

  async append(docName: string, seq: number, update: Uint8Array): Promise<void> {
    await this.db.insertInto('collabUpdates').values({ docName, seq, update, createdAt: this.now() }).execute();
  }

  /**
   * Append with the next sequence number chosen by the database in the same statement: with
   * several instances writing one document (server/collab/relay.ts) no instance's count is right.
   * On PostgreSQL two such statements at once can read the same max(seq) (each sees the log as it
   * was when it began); the loser inserts nothing and takes the next number.
   */
  async appendNext(docName: string, update: Uint8Array): Promise<void> {
    for (let attempt = 1; ; attempt++) {
      const result = await sql`insert into collab_updates (doc_name, seq, "update", created_at)
        select ${docName}, coalesce(max(seq), 0) + 1, ${update}, ${this.now()} from collab_updates where doc_name = ${docName}
        on conflict (doc_name, seq) do nothing`.execute(this.db);
      if (Number(result.numAffectedRows ?? 0) > 0) return;
      // Every lost race is some other append won: only a storm of writers gets this far.
      if (attempt === APPEND_ATTEMPTS) throw new Error(`no free sequence number for ${docName} after ${APPEND_ATTEMPTS} attempts`);
    }
  }

  /**
   * Compaction when several instances write the document: what another instance stored may not be
   * in `state` yet, so the new snapshot is the old one, every stored update and `state` together,
   * written only if no other compaction replaced the snapshot meanwhile (its `updatedAt` only ever
   * grows, so it serves as a version), and only then are the folded updates dropped. The highest
   * row stays, so sequence numbers never repeat and a slow compaction can never drop an update it
   * did not read. Each step is one statement: no transaction holds the write lock across awaits.
   * Returns false when other compactions kept winning (nothing is lost; the next one retries).
   */
  async compactMerged(docName: string, state: Uint8Array): Promise<boolean> {
    for (let attempt = 0; attempt < 3; attempt++) {
      // Updates before the snapshot: one folded away in between is then in the snapshot read.
      const rows = await this.db.selectFrom('collabUpdates').select(['seq', 'update']).where('docName', '=', docName).orderBy('seq').execute();
      const snapshot = await this.db.selectFrom('collabSnapshots').select(['state', 'updatedAt']).where('docName', '=', docName).executeTakeFirst();
      const doc = new Y.Doc();
      doc.transact(() => {
        if (snapshot) Y.applyUpdate(doc, new Uint8Array(snapshot.state));
        for (const row of rows) Y.applyUpdate(doc, new Uint8Array(row.update));
        Y.applyUpdate(doc, state);
      });
      const merged = Y.encodeStateAsUpdate(doc);
      doc.destroy();
      const updatedAt = Math.max(this.now(), (snapshot?.updatedAt ?? 0) + 1);
      const written = snapshot
        ? Number(
            (
              await this.db
                .updateTable('collabSnapshots')
                .set({ state: merged, updatedAt })
                .where('docName', '=', docName)
                .where('updatedAt', '=', snapshot.updatedAt)
                .executeTakeFirst()
            ).numUpdatedRows,
          )
        : Number(
            (
              await this.db
                .insertInto('collabSnapshots')
                .values({ docName, state: merged, updatedAt })
                .onConflict((oc) => oc.column('docName').doNothing())
                .executeTakeFirst()
            ).numInsertedOrUpdatedRows ?? 0,
          );
      if (written === 0) continue;
      const highest = rows.at(-1)?.seq;
      if (highest !== undefined) await this.db.deleteFrom('collabUpdates').where('docName', '=', docName).where('seq', '<', highest).execute();
      return true;
    }
    return false;
  }

  /** Replace the snapshot with `state` and drop the updates it contains (seq ≤ throughSeq). */
  async compact(docName: string, state: Uint8Array, throughSeq: number): Promise<void> {
    const updatedAt = this.now();
    await this.db.transaction().execute(async (trx) => {
      await trx
        .insertInto('collabSnapshots')
        .values({ docName, state, updatedAt })
        .onConflict((oc) => oc.column('docName').doUpdateSet({ state, updatedAt }))
        .execute();
      await trx.deleteFrom('collabUpdates').where('docName', '=', docName).where('seq', '<=', throughSeq).execute();
    });
  }

  async saveRender(docName: string, rendered: Rendered): Promise<void> {
    const row = { ...rendered, updatedAt: this.now() };
    await this.db
      .insertInto('collabRenders')
      .values({ docName, ...row })
      .onConflict((oc) => oc.column('docName').doUpdateSet(row))
      .execute();
  }

  getRender(docName: string) {
    return this.db.selectFrom('collabRenders').selectAll().where('docName', '=', docName).executeTakeFirst();
  }

  async updateCount(docName: string): Promise<number> {
    const row = await this.db
      .selectFrom('collabUpdates')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('docName', '=', docName)
      .executeTakeFirstOrThrow();
    return Number(row.n);
  }
}
