/** Uploads and their items as the API shows them (sync/api/publisher-uploads.ts). */
import { UPLOAD_ITEMS_PAGE_SIZE, type UploadDetail, type UploadItem, type UploadItemsShown, type UploadSummary } from '../../sync/api/publisher-uploads';
import type { DB } from '../db/connection';
import type { Selectable } from 'kysely';
import type { UploadItemsTable, UploadsTable } from '../db/schema';
import type { UploadRecord } from './record';

type Counts = UploadSummary['counts'];
const noCounts = (): Counts => ({ invalid: 0, ready: 0, imported: 0, failed: 0 });

/** Items by status for each upload, from the (upload_id, status) index. */
async function countsOf(db: DB, ids: string[]): Promise<Map<string, Counts>> {
  const out = new Map(ids.map((id) => [id, noCounts()]));
  if (ids.length === 0) return out;
  const rows = await db
    .selectFrom('uploadItems')
    .select(['uploadId', 'status', (eb) => eb.fn.countAll<number>().as('n')])
    .where('uploadId', 'in', ids)
    .groupBy(['uploadId', 'status'])
    .execute();
  for (const r of rows) out.get(r.uploadId)![r.status] = Number(r.n);
  return out;
}

type UploadRow = UploadsTable & { uploaderName: string | null };

function summary(u: UploadRow, counts: Counts): UploadSummary {
  return {
    id: u.id,
    kind: u.kind,
    format: u.format,
    fileName: u.fileName,
    archiveName: u.archiveName,
    hasCover: u.coverBlob !== null,
    status: u.status,
    uploader: u.uploaderName,
    counts,
    createdAt: u.createdAt,
    startedAt: u.startedAt,
    finishedAt: u.finishedAt,
  };
}

const uploadsWithNames = (db: DB) =>
  db.selectFrom('uploads').leftJoin('users', 'users.id', 'uploads.uploaderId').selectAll('uploads').select('users.username as uploaderName');

export async function uploadPage(db: DB, imprintId: string, page: number, pageSize: number) {
  const rows = await uploadsWithNames(db)
    .where('uploads.imprintId', '=', imprintId)
    .orderBy('uploads.createdAt', 'desc')
    .orderBy('uploads.id')
    .limit(pageSize)
    .offset((page - 1) * pageSize)
    .execute();
  const { total } = await db
    .selectFrom('uploads')
    .select((eb) => eb.fn.countAll<number>().as('total'))
    .where('imprintId', '=', imprintId)
    .executeTakeFirstOrThrow();
  const counts = await countsOf(
    db,
    rows.map((r) => r.id),
  );
  return { uploads: rows.map((r) => summary(r, counts.get(r.id)!)), total: Number(total) };
}

/** What does not stop a row: a file it names that the ZIP does not have. */
function warningsOf(upload: UploadsTable, item: Selectable<UploadItemsTable>, record: UploadRecord | null): string[] {
  if (!record || upload.kind !== 'bulk' || record.action === 'withdraw') return [];
  const out: string[] = [];
  const missing = (file: string, entry: string | null, what: string) => {
    if (!file || entry) return;
    out.push(
      upload.archiveName
        ? `${file} is not in ${upload.archiveName}: imported without its ${what}.`
        : `${file}: no ZIP attached, so imported without its ${what}.`,
    );
  };
  missing(record.epubFile, item.epubEntry, 'EPUB');
  missing(record.coverFile, item.coverEntry, 'cover');
  return out;
}

function presentItem(upload: UploadsTable, item: Selectable<UploadItemsTable>): UploadItem {
  const record = item.record ? (JSON.parse(item.record) as UploadRecord) : null;
  return {
    row: item.row,
    reference: item.reference,
    isbn: item.isbn,
    action: record?.action ?? null,
    title: record?.title ?? '',
    authors: record?.contributors.map((c) => c.name) ?? [],
    language: record?.language ?? '',
    priceCents: record && record.action !== 'withdraw' ? record.priceCents : null,
    currency: record?.currency ?? '',
    description: record?.description ?? '',
    status: item.status,
    problems: JSON.parse(item.problems) as string[],
    warnings: warningsOf(upload, item, record),
    message: item.message,
    epubEntry: item.epubEntry,
    coverEntry: item.coverEntry,
    bookId: item.bookId,
  };
}

/** Rows the publisher has to act on: not valid, or failed in the import. */
export const PROBLEM_STATUSES = ['invalid', 'failed'] as const;

/**
 * The upload of this imprint with one page of its items in row order (all of them, or only those
 * with problems), or null. An upload may have 50,000 rows: they are never loaded at once; the
 * counts come from the (upload_id, status, row) index.
 */
export async function uploadDetail(
  db: DB,
  imprintId: string,
  uploadId: string,
  { page = 1, show = 'all' }: { page?: number; show?: UploadItemsShown } = {},
): Promise<UploadDetail | null> {
  const upload = await uploadsWithNames(db).where('uploads.id', '=', uploadId).where('uploads.imprintId', '=', imprintId).executeTakeFirst();
  if (!upload) return null;
  const counts = (await countsOf(db, [uploadId])).get(uploadId)!;
  let items = db.selectFrom('uploadItems').selectAll().where('uploadId', '=', uploadId);
  if (show === 'problems') items = items.where('status', 'in', PROBLEM_STATUSES);
  const rows = await items
    .orderBy('row')
    .limit(UPLOAD_ITEMS_PAGE_SIZE)
    .offset((page - 1) * UPLOAD_ITEMS_PAGE_SIZE)
    .execute();
  const all = counts.invalid + counts.ready + counts.imported + counts.failed;
  return {
    upload: summary(upload, counts),
    items: rows.map((i) => presentItem(upload, i)),
    page,
    pageSize: UPLOAD_ITEMS_PAGE_SIZE,
    total: show === 'problems' ? counts.invalid + counts.failed : all,
    show,
  };
}
