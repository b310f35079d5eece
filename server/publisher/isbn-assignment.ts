/**
 * Assigning a free pool ISBN to one of the imprint's books, and releasing it. The book's own ISBN
 * field moves with it in the same transaction, so the store, exports and the pool agree. A book
 * that already has an ISBN keeps it (one ISBN per edition); a published edition keeps its ISBN
 * for good, so releasing is only for books never published (DOMAIN.md: not transferable).
 */
import type { PoolIsbn } from '../../sync/api/publisher-isbns';
import { recordAudit } from '../audit/record';
import type { AppContext } from '../context';
import type { DB } from '../db/connection';
import { conflict, notFound } from '../http/errors';
import type { ImprintActor } from './access';
import { poolIsbn } from './isbn-pool';

const PUBLISHED = ['published', 'unlisted'] as const;

async function pooled(db: DB, imprintId: string, isbn: string) {
  const row = await db.selectFrom('imprintIsbns').selectAll().where('isbn', '=', isbn).where('imprintId', '=', imprintId).executeTakeFirst();
  if (!row) throw notFound('That ISBN is not in your pool.');
  return row;
}

export async function assign(ctx: AppContext, who: ImprintActor, isbn: string, bookId: string): Promise<PoolIsbn> {
  const imprintId = who.imprint.id;
  await ctx.db.transaction().execute(async (trx) => {
    const row = await pooled(trx, imprintId, isbn);
    if (row.bookId === bookId) return;
    if (row.bookId) throw conflict('That ISBN is already assigned to another book.');
    const book = await trx.selectFrom('books').select(['id', 'title', 'isbn']).where('id', '=', bookId).where('imprintId', '=', imprintId).executeTakeFirst();
    if (!book) throw notFound("That book is not one of your imprint's.");
    if (book.isbn) throw conflict(`“${book.title}” already has the ISBN ${book.isbn}.`, { bookId: 'Choose a book without an ISBN.' });
    const now = ctx.now();
    await trx.updateTable('imprintIsbns').set({ bookId, assignedAt: now }).where('isbn', '=', isbn).execute();
    await trx.updateTable('books').set({ isbn, updatedAt: now }).where('id', '=', bookId).execute();
    await recordAudit(trx, now, {
      actor: who.actor,
      ip: who.ip,
      action: 'imprint.isbn_assigned',
      targetType: 'book',
      targetId: bookId,
      detail: { isbn, imprintId },
    });
  });
  return (await poolIsbn(ctx.db, imprintId, isbn))!;
}

export async function release(ctx: AppContext, who: ImprintActor, isbn: string): Promise<PoolIsbn> {
  const imprintId = who.imprint.id;
  await ctx.db.transaction().execute(async (trx) => {
    const row = await pooled(trx, imprintId, isbn);
    if (!row.bookId) return;
    const book = await trx.selectFrom('books').select(['id', 'title', 'status', 'isbn']).where('id', '=', row.bookId).executeTakeFirst();
    if (book && (PUBLISHED as readonly string[]).includes(book.status)) {
      throw conflict(`“${book.title}” was published with this ISBN, so the ISBN stays with it.`);
    }
    const now = ctx.now();
    await trx.updateTable('imprintIsbns').set({ bookId: null, assignedAt: null }).where('isbn', '=', isbn).execute();
    if (book?.isbn === isbn) await trx.updateTable('books').set({ isbn: null, updatedAt: now }).where('id', '=', book.id).execute();
    await recordAudit(trx, now, {
      actor: who.actor,
      ip: who.ip,
      action: 'imprint.isbn_released',
      targetType: 'book',
      targetId: row.bookId,
      detail: { isbn, imprintId },
    });
  });
  return (await poolIsbn(ctx.db, imprintId, isbn))!;
}
