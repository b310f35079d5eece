/**
 * The files around a metadata file or instead of one: a single EPUB (its package's metadata is
 * the one row, to confirm), the cover sent with it, and the ZIP of a bulk upload, whose entries
 * are matched to the rows when it arrives so the report shows what each row will get (the ZIP is
 * read from the temp file it was streamed into, then stored as a blob without being held whole).
 */
import { isValidIsbn13 } from '../../sync/isbn';
import { recordAudit } from '../audit/record';
import { buildBook, readPackage } from '../books/epub/build-book';
import { epubRefusal } from '../books/epub/import-epub';
import type { AppContext } from '../context';
import type { UploadsTable } from '../db/schema';
import { ApiError, badRequest, invalid } from '../http/errors';
import type { ImprintActor } from '../publisher/access';
import { coverType, entryIndex, looksLikeZip, matchEntries, zipEntries } from './archive';
import { fileSource, readCentralDirectory, ZipFormatError } from '../files/zip-archive';
import { checkAgainstCatalogue, storeCheckedUpload } from './check';
import { toLanguageTag, type CheckedRow, type UploadRecord } from './record';

const MATCH_PAGE = 500;

/** An EPUB's package read into the upload's one row; 422 when Quire cannot take the EPUB at all. */
function openEpub(bytes: Uint8Array) {
  try {
    const opened = readPackage(bytes);
    buildBook(opened, { bookId: 'check', slug: 'check' }); // refuses a book with no readable chapters now, not in the job
    return opened.pkg;
  } catch (error) {
    const refusal = epubRefusal(error);
    if (refusal === null) throw error;
    throw invalid(refusal, { epub: refusal });
  }
}

export async function checkSingleEpub(ctx: AppContext, who: ImprintActor, bytes: Uint8Array, fileName: string): Promise<string> {
  const pkg = openEpub(bytes);
  const problems: string[] = [];
  if (pkg.contributors.length === 0) problems.push('The EPUB names no author (dc:creator): add one and upload it again.');
  const language = toLanguageTag(pkg.language);
  if (!language) problems.push(`Unknown language code “${pkg.language.slice(0, 20)}” in the EPUB.`);
  const isbn = pkg.isbn && isValidIsbn13(pkg.isbn) ? pkg.isbn : '';
  const record: UploadRecord = {
    action: 'new',
    isbn,
    title: pkg.title.slice(0, 300),
    subtitle: pkg.subtitle.slice(0, 300),
    contributors: pkg.contributors,
    language: language ?? '',
    description: pkg.description.slice(0, 10_000),
    priceCents: 0,
    currency: 'USD',
    publisher: pkg.publisher.slice(0, 200),
    epubFile: fileName,
    coverFile: '',
  };
  const rows: CheckedRow[] = [{ row: 1, reference: fileName, isbn, record: problems.length ? null : record, problems }];
  await checkAgainstCatalogue(ctx.db, who.imprint.id, rows);
  const hash = await ctx.blobs.put(bytes, 'application/epub+zip');
  return storeCheckedUpload(ctx, who, { kind: 'single', format: 'epub', fileName, archiveBlob: hash, archiveName: fileName }, [rows]);
}

export async function coverOf(ctx: AppContext, who: ImprintActor, upload: UploadsTable, bytes: Uint8Array): Promise<void> {
  const type = coverType(bytes);
  if (!type) throw new ApiError(415, 'unsupported_media_type', 'A cover is a JPEG, PNG or WebP image.', { cover: 'Choose a JPEG, PNG or WebP image.' });
  const hash = await ctx.blobs.put(bytes, type.mediaType);
  await ctx.db.transaction().execute(async (trx) => {
    await trx.updateTable('uploads').set({ coverBlob: hash }).where('id', '=', upload.id).execute();
    await recordAudit(trx, ctx.now(), {
      actor: who.actor,
      ip: who.ip,
      action: 'imprint.upload_cover_attached',
      targetType: 'imprint',
      targetId: who.imprint.id,
      detail: { uploadId: upload.id, bytes: bytes.byteLength },
    });
  });
}

/** The ZIP as stored in a temp file while it arrived (stream.ts bodyToTempFile). */
export interface ReceivedZip {
  file: string;
  hash: string;
  size: number;
}

export async function attachZip(ctx: AppContext, who: ImprintActor, upload: UploadsTable, zip: ReceivedZip, name: string): Promise<void> {
  const notZip = 'This is not a ZIP file: put the EPUBs and covers in one .zip.';
  const unreadable = 'The ZIP cannot be read: is it complete?';
  if (zip.size === 0) throw badRequest('The file is empty.', { archive: 'The file is empty.' });
  const source = await fileSource(zip.file);
  let entries: string[];
  try {
    if (!looksLikeZip(await source.read(0, 4))) throw invalid(notZip, { archive: notZip });
    entries = zipEntries(await readCentralDirectory(source));
  } catch (error) {
    if (error instanceof ZipFormatError) throw invalid(unreadable, { archive: unreadable });
    throw error;
  } finally {
    await source.close();
  }
  const hash = await ctx.blobs.putFile(zip.file, zip.hash, zip.size, 'application/zip');
  const byBase = entryIndex(entries);
  let matched = 0;
  await ctx.db.transaction().execute(async (trx) => {
    await trx.updateTable('uploads').set({ archiveBlob: hash, archiveName: name }).where('id', '=', upload.id).execute();
    // A page of rows at a time (a file may have 50,000); only rows whose match changed are written.
    for (let after = 0; ;) {
      const items = await trx
        .selectFrom('uploadItems')
        .select(['row', 'record', 'epubEntry', 'coverEntry'])
        .where('uploadId', '=', upload.id)
        .where('row', '>', after)
        .orderBy('row')
        .limit(MATCH_PAGE)
        .execute();
      for (const item of items) {
        const record = item.record ? (JSON.parse(item.record) as UploadRecord) : null;
        const match = !record || record.action === 'withdraw' ? { epub: null, cover: null } : matchEntries(byBase, record);
        if (match.epub || match.cover) matched++;
        if (match.epub === item.epubEntry && match.cover === item.coverEntry) continue;
        await trx
          .updateTable('uploadItems')
          .set({ epubEntry: match.epub, coverEntry: match.cover })
          .where('uploadId', '=', upload.id)
          .where('row', '=', item.row)
          .execute();
      }
      if (items.length < MATCH_PAGE) break;
      after = items[items.length - 1]!.row;
    }
    await recordAudit(trx, ctx.now(), {
      actor: who.actor,
      ip: who.ip,
      action: 'imprint.upload_archive_attached',
      targetType: 'imprint',
      targetId: who.imprint.id,
      detail: { uploadId: upload.id, entries: entries.length, matchedRows: matched },
    });
  });
}
