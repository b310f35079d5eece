/**
 * Persistence of collaboration documents: an append-only log of Yjs updates per document, folded
 * into one snapshot row by `compact`. Loading applies the snapshot, then every update after it.
 * Yjs updates are idempotent and commutative, so a crash between append and compaction, or
 * a replayed update, never corrupts a document.
 */
import type { DB } from '../db/connection';

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
