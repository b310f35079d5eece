/**
 * A checked metadata file (or one EPUB) becomes an upload in state `checked`: each row is checked
 * against what Quire knows — an ISBN another imprint owns, an update or withdrawal of a book the
 * imprint does not have — and stored with its problems, so the report is complete before anything
 * is imported. Nothing else is written until the publisher starts the import.
 */
import type { DB } from '../db/connection';
import type { UploadItemsTable, UploadsTable } from '../db/schema';
import { recordAudit } from '../audit/record';
import type { AppContext } from '../context';
import { newId } from '../http/ids';
import type { ImprintActor } from '../publisher/access';
import type { CheckedRow } from './record';

const BATCH = 500;

async function inBatches<T>(values: string[], run: (batch: string[]) => Promise<T[]>): Promise<T[]> {
  const out: T[] = [];
  for (let i = 0; i < values.length; i += BATCH) out.push(...(await run(values.slice(i, i + BATCH))));
  return out;
}

/** Adds the problems only the database can tell to rows that passed the file's own checks. */
export async function checkAgainstCatalogue(db: DB, imprintId: string, rows: CheckedRow[]): Promise<void> {
  const isbns = [...new Set(rows.flatMap((r) => (r.record?.isbn ? [r.record.isbn] : [])))];
  const pooled = new Map(
    (await inBatches(isbns, (b) => db.selectFrom('imprintIsbns').select(['isbn', 'imprintId']).where('isbn', 'in', b).execute())).map((r) => [
      r.isbn,
      r.imprintId,
    ]),
  );
  const books = await inBatches(isbns, (b) => db.selectFrom('books').select(['isbn', 'imprintId']).where('isbn', 'in', b).execute());
  const ours = new Set(books.filter((b) => b.imprintId === imprintId).map((b) => b.isbn));
  const theirs = new Set(books.filter((b) => b.imprintId !== imprintId).map((b) => b.isbn));
  for (const r of rows) {
    const rec = r.record;
    if (!rec?.isbn) continue;
    const owner = pooled.get(rec.isbn);
    if (owner !== undefined && owner !== imprintId) r.problems.push('The ISBN belongs to another imprint.');
    else if (theirs.has(rec.isbn)) r.problems.push('The ISBN is already the ISBN of a book outside your imprint.');
    else if (rec.action !== 'new' && !ours.has(rec.isbn))
      r.problems.push(
        `No book of yours has this ISBN to ${rec.action === 'update' ? 'update' : 'withdraw'}: send it as new (action new, NotificationType 03).`,
      );
    if (r.problems.length > 0) r.record = null;
  }
}

type NewUpload = Pick<UploadsTable, 'kind' | 'format' | 'fileName' | 'archiveBlob' | 'archiveName'>;

/** Stores the upload and its rows; returns its id. */
export async function storeCheckedUpload(ctx: AppContext, who: ImprintActor, upload: NewUpload, rows: CheckedRow[]): Promise<string> {
  const id = newId();
  const now = ctx.now();
  await ctx.db.transaction().execute(async (trx) => {
    await trx
      .insertInto('uploads')
      .values({
        id,
        imprintId: who.imprint.id,
        uploaderId: who.actor.id,
        ...upload,
        coverBlob: null,
        status: 'checked',
        createdAt: now,
        startedAt: null,
        finishedAt: null,
      })
      .execute();
    for (let i = 0; i < rows.length; i += BATCH) {
      const values: Omit<UploadItemsTable, 'message'>[] = rows.slice(i, i + BATCH).map((r) => ({
        uploadId: id,
        row: r.row,
        reference: r.reference,
        isbn: r.isbn,
        record: r.record ? JSON.stringify(r.record) : null,
        problems: JSON.stringify(r.problems),
        status: r.record ? 'ready' : 'invalid',
        epubEntry: null,
        coverEntry: null,
        bookId: null,
      }));
      await trx.insertInto('uploadItems').values(values).execute();
    }
    await recordAudit(trx, now, {
      actor: who.actor,
      ip: who.ip,
      action: 'imprint.upload_checked',
      targetType: 'imprint',
      targetId: who.imprint.id,
      detail: { uploadId: id, kind: upload.kind, format: upload.format, rows: rows.length, invalid: rows.filter((r) => !r.record).length },
    });
  });
  return id;
}
