/** Reading an imprint's ISBN pool: a page of it by state, its counts, one ISBN, the books without one. */
import type { IsbnStateFilter, PoolIsbn } from '../../sync/api/publisher-isbns';
import { isbn13To10 } from '../../sync/isbn';
import type { DB } from '../db/connection';
import { hyphenateIsbn } from './hyphenate';

const PUBLISHED = new Set(['published', 'unlisted']);

function poolRows(db: DB, imprintId: string, state: IsbnStateFilter) {
  let q = db.selectFrom('imprintIsbns').where('imprintIsbns.imprintId', '=', imprintId);
  // Written as the partial indexes' conditions (migration 026), so SQLite can use them.
  if (state === 'free') q = q.where('imprintIsbns.bookId', 'is', null);
  if (state === 'assigned') q = q.where('imprintIsbns.bookId', 'is not', null);
  return q;
}

function withBooks(q: ReturnType<typeof poolRows>) {
  return q
    .leftJoin('books', 'books.id', 'imprintIsbns.bookId')
    .select(['imprintIsbns.isbn', 'imprintIsbns.bookId', 'imprintIsbns.assignedAt', 'imprintIsbns.addedAt', 'books.title', 'books.status']);
}

type Row = Awaited<ReturnType<ReturnType<typeof withBooks>['execute']>>[number];

function toPoolIsbn(r: Row): PoolIsbn {
  return {
    isbn: r.isbn,
    hyphenated: hyphenateIsbn(r.isbn),
    isbn10: isbn13To10(r.isbn),
    book: r.bookId ? { id: r.bookId, title: r.title ?? '', published: PUBLISHED.has(r.status ?? '') } : null,
    assignedAt: r.bookId ? r.assignedAt : null,
    addedAt: r.addedAt,
  };
}

export async function poolCounts(db: DB, imprintId: string) {
  const count = async (state: 'free' | 'assigned') =>
    Number(
      (
        await poolRows(db, imprintId, state)
          .select((eb) => eb.fn.countAll<number>().as('n'))
          .executeTakeFirstOrThrow()
      ).n,
    );
  return { free: await count('free'), assigned: await count('assigned') };
}

export async function poolPage(db: DB, imprintId: string, state: IsbnStateFilter, page: number, pageSize: number) {
  const { total } = await poolRows(db, imprintId, state)
    .select((eb) => eb.fn.countAll<number>().as('total'))
    .executeTakeFirstOrThrow();
  const rows = await withBooks(poolRows(db, imprintId, state))
    .orderBy('imprintIsbns.isbn')
    .limit(pageSize)
    .offset((page - 1) * pageSize)
    .execute();
  return { items: rows.map(toPoolIsbn), total: Number(total) };
}

export async function poolIsbn(db: DB, imprintId: string, isbn: string): Promise<PoolIsbn | null> {
  const row = await withBooks(poolRows(db, imprintId, 'all'))
    .where('imprintIsbns.isbn', '=', isbn)
    .executeTakeFirst();
  return row ? toPoolIsbn(row) : null;
}

/** Every ISBN of the pool in order, a batch at a time (the CSV export). */
export async function* everyPoolIsbn(db: DB, imprintId: string, batch = 1000): AsyncGenerator<PoolIsbn> {
  let after = '';
  for (;;) {
    const rows = await withBooks(poolRows(db, imprintId, 'all'))
      .where('imprintIsbns.isbn', '>', after)
      .orderBy('imprintIsbns.isbn')
      .limit(batch)
      .execute();
    for (const r of rows) yield toPoolIsbn(r);
    if (rows.length < batch) return;
    after = rows[rows.length - 1]!.isbn;
  }
}

/** The imprint's books with no ISBN yet: what a pool ISBN can be assigned to. */
export async function isbnlessBooks(db: DB, imprintId: string) {
  return db
    .selectFrom('books')
    .select(['id', 'title', 'status'])
    .where('imprintId', '=', imprintId)
    .where('isbn', 'is', null)
    .orderBy('title')
    .limit(500)
    .execute();
}
