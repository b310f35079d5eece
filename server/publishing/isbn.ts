/**
 * An author's ISBN on the publishing form (decision 045): their own, typed, or a free one from
 * the pool of an imprint they belong to (a member, or one of its active authors: decision 034).
 * The rules are the imprint book form's (publisher/isbn-rules.ts). The pool entry is assigned to
 * the store book when the edition carrying the ISBN is approved, in the approval's transaction:
 * the pool's book_id needs the store book, which exists only from then on.
 */
import type { PoolChoice } from '../../sync/api/publishing';
import type { DB } from '../db/connection';
import { conflict } from '../http/errors';
import { hyphenateIsbn } from '../publisher/hyphenate';
import { checkIsbnClaim, publishedKeepsIsbn } from '../publisher/isbn-rules';
import type { PublicationView } from './publications';

/** How many free pool ISBNs the form offers at most. */
const CHOICES_MAX = 50;

/** The imprints whose pools `userId` may draw an ISBN from. */
function poolImprintIds(db: DB, userId: string) {
  return db
    .selectFrom('imprintMembers')
    .select('imprintId')
    .where('userId', '=', userId)
    .union(db.selectFrom('imprintAuthors').select('imprintId').where('userId', '=', userId).where('status', '=', 'active'));
}

/** Free ISBNs of the author's imprints' pools, for the form's list (plus the one already chosen, if pooled). */
export async function poolChoices(db: DB, userId: string): Promise<PoolChoice[]> {
  const rows = await db
    .selectFrom('imprintIsbns as p')
    .innerJoin('imprints as i', 'i.id', 'p.imprintId')
    .select(['p.isbn', 'i.name as imprintName'])
    .where('p.imprintId', 'in', poolImprintIds(db, userId))
    .where('p.bookId', 'is', null)
    .orderBy('p.imprintId')
    .orderBy('p.isbn')
    .limit(CHOICES_MAX)
    .execute();
  return rows.map((r) => ({ isbn: r.isbn, hyphenated: hyphenateIsbn(r.isbn), imprintName: r.imprintName }));
}

/** Refuses (409 at the field) an ISBN this author's book may not carry; '' (none) passes unless a published edition has one. */
export async function checkAuthorIsbn(db: DB, view: PublicationView, isbn: string): Promise<void> {
  const bookId = view.row?.bookId ?? null;
  const book = bookId ? await db.selectFrom('books').select(['isbn', 'status']).where('id', '=', bookId).executeTakeFirst() : undefined;
  const kept = publishedKeepsIsbn(book, isbn);
  if (kept) throw kept;
  if (isbn === '') return;
  const imprintIds = (await poolImprintIds(db, view.ownerId).execute()).map((r) => r.imprintId);
  await checkIsbnClaim(db, { isbn, bookId, imprintIds });
}

/** At approval, after the store book is written: its pool ISBN (if it has one from a pool) is assigned to it. */
export async function assignPoolIsbn(trx: DB, bookId: string, isbn: string | undefined, now: number): Promise<void> {
  if (!isbn) return;
  const pooled = await trx.selectFrom('imprintIsbns').select('bookId').where('isbn', '=', isbn).executeTakeFirst();
  if (!pooled || pooled.bookId === bookId) return;
  const taken = await trx.updateTable('imprintIsbns').set({ bookId, assignedAt: now }).where('isbn', '=', isbn).where('bookId', 'is', null).executeTakeFirst();
  if (Number(taken.numUpdatedRows) !== 1) throw conflict(`The ISBN ${isbn} was assigned to another book meanwhile: choose another and submit again.`);
}
