/**
 * The facts the pure checks need that only the database holds, read once per run: the frozen
 * edition and its submitted details, who else carries its ISBN, the cover's pixel size and each
 * chapter image's bytes. Nothing here judges; the checks do.
 */
import { sharp } from '../../images/sharp';
import type { CanonicalBook } from '../../../sync/book-format';
import { normalizeIsbn } from '../../../sync/isbn';
import type { AppContext } from '../../context';
import type { DB } from '../../db/connection';
import type { EditionContent } from '../edition';
import type { CheckInput, CoverFacts, ImageFacts, IsbnFacts } from './types';

const FILE_SRC = /<img\b[^>]*\bsrc="\/api\/files\/([a-z2-7]{24})\/content"/g;

interface StoreBook {
  id: string;
  isbn: string | null;
  imprintId: string | null;
  coverPath: string | null;
}

/** The ISBN as the author gave it with the details (typed or from a pool), else the edition's, else the store book's (a pool assignment). */
function isbnOf(metadata: unknown, book: CanonicalBook, store: StoreBook | undefined): string | null {
  const typed = (metadata as { isbn?: unknown } | null)?.isbn;
  if (typeof typed === 'string' && typed.trim() !== '') return typed.trim();
  return book.metadata.isbn ?? store?.isbn ?? null;
}

async function isbnFacts(db: DB, value: string, bookId: string | null, ownerId: string, store: StoreBook | undefined): Promise<IsbnFacts> {
  const isbn13 = normalizeIsbn(value);
  if (!isbn13) return { value, otherBooks: [], pool: null }; // the checksum fails first
  const [otherBooks, pooled] = await Promise.all([
    db
      .selectFrom('books')
      .select(['id', 'title'])
      .where('isbn', '=', isbn13)
      .where('id', '!=', bookId ?? '')
      .limit(5)
      .execute(),
    db
      .selectFrom('imprintIsbns as p')
      .innerJoin('imprints as i', 'i.id', 'p.imprintId')
      .leftJoin('books as b', 'b.id', 'p.bookId')
      .select(['p.imprintId', 'p.bookId', 'i.name', 'b.title'])
      .where('p.isbn', '=', isbn13)
      .executeTakeFirst(),
  ]);
  if (!pooled) return { value, otherBooks, pool: null };
  // A member of the imprint, or one of its active authors, may take an ISBN from its pool (server/publishing/isbn.ts).
  const member = await db
    .selectFrom('imprintMembers')
    .select('userId')
    .where('imprintId', '=', pooled.imprintId)
    .where('userId', '=', ownerId)
    .union(
      db.selectFrom('imprintAuthors').select('userId').where('imprintId', '=', pooled.imprintId).where('userId', '=', ownerId).where('status', '=', 'active'),
    )
    .executeTakeFirst();
  const ownImprint = store?.imprintId === pooled.imprintId || member !== undefined;
  const assignedTo = pooled.bookId && pooled.bookId !== bookId ? { id: pooled.bookId, title: pooled.title ?? 'another book' } : null;
  return { value, otherBooks, pool: { imprintName: pooled.name, ownImprint, assignedTo } };
}

/**
 * The cover: the one frozen with the edition (a manuscript's, set from /cover or the form), else
 * the one among the edition's own assets (an imprint book's, which may be a new cover waiting for
 * review: decision 065), else the store book's.
 */
async function coverFacts(ctx: AppContext, editionCover: { path: string; hash: string } | null, store: StoreBook | undefined): Promise<CoverFacts | null> {
  let path: string;
  let hash: string | undefined;
  if (editionCover) {
    ({ path, hash } = editionCover);
  } else if (store?.coverPath) {
    path = store.coverPath;
    hash = (await ctx.db.selectFrom('bookAssets').select('blobHash').where('bookId', '=', store.id).where('path', '=', store.coverPath).executeTakeFirst())
      ?.blobHash;
  } else return null;
  const bytes = hash ? await ctx.blobs.read(hash) : null;
  if (!bytes) return { path, unreadable: true };
  try {
    const { width, height } = await sharp(bytes).metadata();
    return width && height ? { path, width, height, bytes: bytes.byteLength } : { path, unreadable: true };
  } catch {
    return { path, unreadable: true };
  }
}

/** The author's files each chapter shows, with their sizes. */
async function imageFacts(db: DB, book: CanonicalBook): Promise<ImageFacts[]> {
  const uses = book.chapters.flatMap((c) => [...c.xhtml.matchAll(FILE_SRC)].map((m) => ({ chapterId: c.id, fileId: m[1]! })));
  if (uses.length === 0) return [];
  const files = await db
    .selectFrom('files')
    .select(['id', 'name', 'size'])
    .where('id', 'in', [...new Set(uses.map((u) => u.fileId))])
    .execute();
  const byId = new Map(files.map((f) => [f.id, f]));
  return uses.flatMap(({ chapterId, fileId }) => {
    const file = byId.get(fileId);
    return file ? [{ chapterId, name: file.name, bytes: file.size }] : [];
  });
}

/** Everything the checks read about an edition, or null when it was deleted meanwhile. */
export async function gatherCheckInput(ctx: AppContext, editionId: string): Promise<CheckInput | null> {
  const row = await ctx.db
    .selectFrom('publicationEditions as e')
    .innerJoin('publications as p', 'p.id', 'e.publicationId')
    .select(['e.book', 'e.metadata', 'e.coverBlob', 'p.bookId', 'p.ownerId'])
    .where('e.id', '=', editionId)
    .executeTakeFirst();
  if (!row) return null;
  const { book, assetHashes } = JSON.parse(row.book) as EditionContent;
  const ownCover = book.coverPath ? assetHashes?.[book.coverPath] : undefined;
  const metadata = JSON.parse(row.metadata) as unknown;
  const store = row.bookId
    ? await ctx.db.selectFrom('books').select(['id', 'isbn', 'imprintId', 'coverPath']).where('id', '=', row.bookId).executeTakeFirst()
    : undefined;
  const isbn = isbnOf(metadata, book, store);
  return {
    book,
    metadata,
    isbn: isbn ? await isbnFacts(ctx.db, isbn, row.bookId, row.ownerId, store) : null,
    cover: await coverFacts(
      ctx,
      row.coverBlob ? { path: 'the edition’s cover', hash: row.coverBlob } : ownCover ? { path: book.coverPath!, hash: ownCover } : null,
      store,
    ),
    images: await imageFacts(ctx.db, book),
  };
}
