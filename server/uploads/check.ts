/**
 * A checked metadata file (or one EPUB) becomes an upload in state `checked`: each row is checked
 * against what Quire knows — an ISBN another imprint owns, an update or withdrawal of a book the
 * imprint does not have — and stored with its problems, so the report is complete before anything
 * is imported. Nothing else is written until the publisher starts the import.
 *
 * A metadata file (up to 50 MB, 50,000 rows) is never held as a list of rows: rows are checked in
 * batches as the reader yields them and spooled to a temp file, and only once the whole file has
 * been read without a file problem are they stored, batch by batch, in one transaction. No
 * transaction stays open while the body arrives (SQLite's one connection would stall every other
 * request for as long as a slow upload takes), and a file problem found late stores nothing.
 */
import { once } from 'node:events';
import fs from 'node:fs';
import path from 'node:path';
import readline from 'node:readline';
import type { DB } from '../db/connection';
import type { UploadItemsTable, UploadsTable } from '../db/schema';
import { recordAudit } from '../audit/record';
import type { AppContext } from '../context';
import { newId } from '../http/ids';
import type { ImprintActor } from '../publisher/access';
import { checkRow, duplicateMarker, type CheckedRow, type RawRow } from './record';

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

/**
 * Stores the upload and its rows, given batch by batch (one batch for an EPUB, the spool for a
 * metadata file), in one transaction; returns its id.
 */
export async function storeCheckedUpload(
  ctx: AppContext,
  who: ImprintActor,
  upload: NewUpload,
  batches: Iterable<CheckedRow[]> | AsyncIterable<CheckedRow[]>,
): Promise<string> {
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
    let rows = 0;
    let invalid = 0;
    for await (const batch of batches) {
      for (let i = 0; i < batch.length; i += BATCH) {
        const values: Omit<UploadItemsTable, 'message'>[] = batch.slice(i, i + BATCH).map((r) => ({
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
        rows += values.length;
        invalid += values.filter((v) => v.status === 'invalid').length;
      }
    }
    await recordAudit(trx, now, {
      actor: who.actor,
      ip: who.ip,
      action: 'imprint.upload_checked',
      targetType: 'imprint',
      targetId: who.imprint.id,
      detail: { uploadId: id, kind: upload.kind, format: upload.format, rows, invalid },
    });
  });
  return id;
}

/** Checked rows written to a temp file as JSON lines, then read back a batch at a time. */
async function openSpool(tempRoot: string) {
  await fs.promises.mkdir(tempRoot, { recursive: true });
  // Named like bodyToTempFile's folders, so sweepStaleUploads removes one a crash left behind.
  const dir = await fs.promises.mkdtemp(path.join(tempRoot, 'upload-'));
  const file = path.join(dir, 'rows.jsonl');
  const out = fs.createWriteStream(file);
  return {
    async append(rows: CheckedRow[]) {
      if (!out.write(rows.map((r) => `${JSON.stringify(r)}\n`).join(''))) await once(out, 'drain');
    },
    async close() {
      out.end();
      await once(out, 'finish');
    },
    async *batches(): AsyncGenerator<CheckedRow[]> {
      const lines = readline.createInterface({ input: fs.createReadStream(file), crlfDelay: Infinity });
      let batch: CheckedRow[] = [];
      for await (const line of lines) {
        batch.push(JSON.parse(line) as CheckedRow);
        if (batch.length === BATCH) {
          yield batch;
          batch = [];
        }
      }
      if (batch.length > 0) yield batch;
    },
    dispose: () => {
      out.destroy();
      return fs.promises.rm(dir, { recursive: true, force: true });
    },
  };
}

/**
 * A metadata file's rows, as a reader yields them, checked (checkRow, duplicates in the file, then
 * the catalogue a batch at a time) and stored as a new upload; returns its id. A FileProblem the
 * reader throws, at any point, leaves nothing stored. Holds one batch of rows and each ISBN's
 * first row number, whatever the file's size.
 */
export async function checkAndStoreRows(ctx: AppContext, who: ImprintActor, upload: NewUpload, rows: AsyncIterable<RawRow>, tempRoot: string): Promise<string> {
  const spool = await openSpool(tempRoot);
  try {
    const markDuplicate = duplicateMarker();
    let batch: CheckedRow[] = [];
    const flush = async () => {
      await checkAgainstCatalogue(ctx.db, who.imprint.id, batch);
      await spool.append(batch);
      batch = [];
    };
    for await (const raw of rows) {
      const row = checkRow(raw);
      markDuplicate(row);
      batch.push(row);
      if (batch.length === BATCH) await flush();
    }
    if (batch.length > 0) await flush();
    await spool.close();
    return await storeCheckedUpload(ctx, who, upload, spool.batches());
  } finally {
    await spool.dispose();
  }
}
