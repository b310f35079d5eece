/**
 * Importing one ready item of an upload: a new or updated draft of the imprint, or a withdrawal.
 * The book's id comes from the imprint and the ISBN, so a retried item (or the same file sent
 * again) updates the book it made instead of making another; a book the imprint already has with
 * that ISBN is updated in place, keeping its state. With an EPUB the chapters come from it; without
 * one an update keeps the book's text and a new book starts as a one-page draft, waiting for its
 * manuscript. A free ISBN of the imprint's pool is assigned to the book with it.
 */
import { createHash } from 'node:crypto';
import type { Selectable } from 'kysely';
import type { CanonicalBookInput } from '../../sync/book-format';
import { recordAudit } from '../audit/record';
import { buildBook, readPackage } from '../books/epub/build-book';
import { epubRefusal, slugify } from '../books/epub/import-epub';
import { loadBook } from '../books/load-book';
import { saveBook } from '../books/save-book';
import type { AppContext } from '../context';
import type { UploadItemsTable, UploadsTable } from '../db/schema';
import { escapeHtml } from '../../sync/text/escape-html';
import { coverType } from './archive';
import type { UploadRecord } from './record';

/** A reason the item cannot be imported that the publisher can act on (shown on the item). */
export class ItemRefusal extends Error {}

export interface ItemFiles {
  epub: Uint8Array | null;
  cover: Uint8Array | null;
}

async function withdraw(ctx: AppContext, upload: UploadsTable, item: Selectable<UploadItemsTable>, record: UploadRecord): Promise<string> {
  const book = await ctx.db
    .selectFrom('books')
    .select(['id', 'status', 'title'])
    .where('imprintId', '=', upload.imprintId)
    .where('isbn', '=', record.isbn)
    .executeTakeFirst();
  if (!book) throw new ItemRefusal('No book of yours has this ISBN to withdraw.');
  const onSale = book.status === 'published';
  await ctx.db.transaction().execute(async (trx) => {
    const now = ctx.now();
    if (onSale) await trx.updateTable('books').set({ status: 'unlisted', updatedAt: now }).where('id', '=', book.id).execute();
    await trx
      .updateTable('uploadItems')
      .set({ status: 'imported', bookId: book.id, message: onSale ? 'Withdrawn from sale.' : 'Not on sale: nothing to withdraw.' })
      .where('uploadId', '=', item.uploadId)
      .where('row', '=', item.row)
      .execute();
    if (onSale)
      await recordAudit(trx, now, {
        actor: null,
        action: 'book.withdrawn_by_upload',
        targetType: 'book',
        targetId: book.id,
        detail: { uploadId: upload.id, row: item.row, isbn: record.isbn },
      });
  });
  return book.id;
}

/** Imports the item and marks it imported in the same transaction; throws ItemRefusal or a fault. */
export async function importItem(
  ctx: AppContext,
  upload: UploadsTable,
  imprintName: string,
  item: Selectable<UploadItemsTable>,
  files: ItemFiles,
): Promise<string> {
  const record = JSON.parse(item.record!) as UploadRecord;
  if (record.action === 'withdraw') return withdraw(ctx, upload, item, record);

  const existing = record.isbn
    ? await ctx.db
        .selectFrom('books')
        .select(['id', 'slug', 'status'])
        .where('imprintId', '=', upload.imprintId)
        .where('isbn', '=', record.isbn)
        .executeTakeFirst()
    : undefined;
  if (!existing && record.action === 'update') throw new ItemRefusal('No book of yours has this ISBN to update.');
  if (record.isbn) {
    const pooled = await ctx.db.selectFrom('imprintIsbns').select('imprintId').where('isbn', '=', record.isbn).executeTakeFirst();
    const elsewhere = await ctx.db
      .selectFrom('books')
      .select('id')
      .where('isbn', '=', record.isbn)
      .where('imprintId', 'is distinct from', upload.imprintId)
      .executeTakeFirst();
    if ((pooled && pooled.imprintId !== upload.imprintId) || (elsewhere && !existing)) throw new ItemRefusal('The ISBN belongs to another imprint.');
  }

  const key = createHash('sha256')
    .update(`${upload.imprintId}\n${record.isbn || `${upload.id}#${item.row}`}`)
    .digest('hex');
  const bookId = existing?.id ?? `upl-${key.slice(0, 20)}`;
  let slug = existing?.slug ?? `${slugify(record.title)}-${key.slice(0, 8)}`;
  if (!existing) {
    const holder = await ctx.db.selectFrom('books').select('id').where('slug', '=', slug).executeTakeFirst();
    if (holder && holder.id !== bookId) slug = `${slugify(record.title)}-${key.slice(0, 20)}`;
  }

  let book: CanonicalBookInput;
  let assetHashes: Record<string, string> = {};
  let contributorUserIds: (string | null)[] = [];
  const stored = existing ? await loadBook(ctx, existing.id) : null;
  if (files.epub) {
    let built;
    try {
      built = buildBook(readPackage(files.epub), { bookId, slug });
    } catch (error) {
      const refusal = epubRefusal(error);
      throw refusal ? new ItemRefusal(`The EPUB ${item.epubEntry ?? ''} was refused: ${refusal}`.replace('  ', ' ')) : error;
    }
    for (const asset of built.assets) assetHashes[asset.path] = await ctx.blobs.put(asset.bytes, asset.mediaType);
    book = built.book;
  } else if (stored) {
    book = stored.book;
    assetHashes = { ...stored.assetHashes };
  } else {
    book = {
      metadata: {
        id: bookId,
        slug,
        title: record.title,
        language: record.language,
        contributors: record.contributors,
        priceCents: 0,
        currency: 'USD',
        genres: [],
      },
      chapters: [
        {
          id: `${bookId}-1`,
          title: record.title,
          xhtml: `<p>${escapeHtml(record.title)}: the manuscript has not been uploaded yet.</p>`,
        },
      ],
      assets: [],
    };
  }
  if (stored) {
    // Keep the accounts behind contributors whose names did not change.
    const userOf = new Map(stored.book.metadata.contributors.map((c, i) => [c.name, stored.contributorUserIds[i] ?? null]));
    contributorUserIds = record.contributors.map((c) => userOf.get(c.name) ?? null);
  }

  let coverPath = book.coverPath;
  let assets = book.assets;
  if (files.cover) {
    const type = coverType(files.cover);
    if (!type) throw new ItemRefusal(`The cover ${item.coverEntry ?? ''} is not a JPEG, PNG or WebP image.`.replace('  ', ' '));
    coverPath = `images/upload-cover.${type.extension}`;
    assetHashes[coverPath] = await ctx.blobs.put(files.cover, type.mediaType);
    assets = [...assets.filter((a) => a.path !== coverPath), { path: coverPath, mediaType: type.mediaType }];
  }

  const m = book.metadata;
  // Empty keywords or series keep what the book has, like an empty description.
  const keywords = record.keywords?.length ? record.keywords : m.keywords;
  const series = record.series ? { series: record.series, seriesNumber: record.seriesNumber ?? undefined } : { series: m.series, seriesNumber: m.seriesNumber };
  book = {
    ...book,
    assets,
    coverPath,
    metadata: {
      ...m,
      id: bookId,
      slug,
      title: record.title,
      subtitle: record.subtitle,
      contributors: record.contributors,
      language: record.language,
      description: record.description || m.description,
      priceCents: record.priceCents,
      currency: record.currency,
      publisher: record.publisher || imprintName,
      isbn: record.isbn || m.isbn,
      keywords,
      ...series,
    },
  };
  const isbn = book.metadata.isbn;
  const result = await saveBook(ctx, {
    book,
    assetHashes,
    status: existing?.status ?? 'draft',
    imprintId: upload.imprintId,
    contributorUserIds,
    alsoWrite: async (trx, id) => {
      const now = ctx.now();
      if (isbn)
        await trx
          .updateTable('imprintIsbns')
          .set({ bookId: id, assignedAt: now })
          .where('isbn', '=', isbn)
          .where('imprintId', '=', upload.imprintId)
          .where('bookId', 'is', null)
          .execute();
      const what = existing ? 'Updated' : 'Created as a draft';
      const parts = [files.epub ? 'with its EPUB' : existing ? '' : 'without a manuscript yet', files.cover ? 'with its cover' : ''].filter(Boolean);
      await trx
        .updateTable('uploadItems')
        .set({ status: 'imported', bookId: id, message: `${what}${parts.length ? ` ${parts.join(', ')}` : ''}.` })
        .where('uploadId', '=', item.uploadId)
        .where('row', '=', item.row)
        .execute();
    },
  });
  return result.id;
}
