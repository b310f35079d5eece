/**
 * What an export starts from, in the canonical book format with its images' bytes: a manuscript
 * (its chapters as the reader's manuscript view renders them, so the export is what the author
 * sees), a stored book (loadBook, the inverse of saveBook) or a submitted edition. Images in a
 * manuscript are the authors' files (`/api/files/{id}/content`); they are copied into the book.
 */
import { CanonicalBookSchema, type CanonicalBook } from '../../sync/book-format';
import type { Manuscript } from '../../sync/collections/manuscripts';
import type { AppContext } from '../context';
import { loadBook } from '../books/load-book';
import { chaptersOfManuscript, manuscriptChapter } from '../manuscripts/manuscript-book';
import type { ExportBook } from './epub/build-epub';
import { ExportFailure } from './failure';

const FILE_SRC = /\/api\/files\/([a-z2-7]{24})\/content/g;
const EXTENSIONS: Record<string, string> = {
  'image/jpeg': 'jpg',
  'image/png': 'png',
  'image/gif': 'gif',
  'image/webp': 'webp',
  'image/avif': 'avif',
  'image/svg+xml': 'svg',
};

type Progress = (done: number, total: number) => void;

/** The book with the files its chapters show added as assets. */
async function withFileImages(ctx: AppContext, book: CanonicalBook, titleHeadings: boolean): Promise<ExportBook> {
  const ids = new Set<string>();
  for (const c of book.chapters) for (const m of c.xhtml.matchAll(FILE_SRC)) ids.add(m[1]!);
  const rows = ids.size
    ? await ctx.db
        .selectFrom('files')
        .select(['id', 'blobHash', 'mediaType'])
        .where('id', 'in', [...ids])
        .execute()
    : [];
  const assets = new Map<string, Uint8Array>();
  const pathOfFile = new Map<string, string>();
  const listed: CanonicalBook['assets'] = [];
  for (const row of rows) {
    const ext = EXTENSIONS[row.mediaType];
    const bytes = ext ? await ctx.blobs.read(row.blobHash) : null;
    if (!ext || !bytes) continue; // a missing or odd file: the image is left out, the text stays
    const path = `images/${row.id}.${ext}`;
    assets.set(path, new Uint8Array(bytes));
    pathOfFile.set(row.id, path);
    listed.push({ path, mediaType: row.mediaType });
  }
  return {
    book: { ...book, assets: [...book.assets, ...listed] },
    assets,
    assetOfSrc: (src) => pathOfFile.get(/^\/api\/files\/([a-z2-7]{24})\/content$/.exec(src)?.[1] ?? ''),
    titleHeadings,
  };
}

export async function manuscriptSource(ctx: AppContext, manuscript: Manuscript, onProgress?: Progress): Promise<ExportBook> {
  const chapters = await chaptersOfManuscript(ctx, manuscript.id);
  if (chapters.length === 0) throw new ExportFailure('The manuscript has no chapters yet: write one before exporting.');
  const rendered = [];
  for (const [i, c] of chapters.entries()) {
    rendered.push((await manuscriptChapter(ctx, manuscript, chapters, c.id))!);
    onProgress?.(i + 1, chapters.length);
  }
  const book = CanonicalBookSchema.parse({
    metadata: {
      id: manuscript.id,
      slug: 'manuscript',
      title: manuscript.title.trim() || 'Untitled manuscript',
      language: 'en',
      contributors: [
        { name: manuscript.ownerName, role: 'author' },
        ...manuscript.members.filter((m) => m.role === 'editor').map((m) => ({ name: m.username, role: 'co-author' as const })),
      ],
      priceCents: 0,
      currency: 'USD',
      genres: [],
    },
    // A chapter the editor left empty still has a page: the EPUB keeps the reading order.
    chapters: rendered.map((c) => ({ id: c.id, title: c.title, xhtml: c.xhtml || '<p></p>' })),
    assets: [],
    toc: rendered.map((c) => ({ title: c.title, chapterId: c.id, children: [] })),
  });
  return withFileImages(ctx, book, true);
}

/** A submitted edition: the frozen snapshot, with the files its chapters show. */
export function editionSource(ctx: AppContext, book: CanonicalBook): Promise<ExportBook> {
  return withFileImages(ctx, book, true);
}

export async function bookSource(ctx: AppContext, bookId: string): Promise<ExportBook> {
  const stored = await loadBook(ctx, bookId);
  if (!stored) throw new ExportFailure('The book is no longer in Quire.');
  const assets = new Map<string, Uint8Array>();
  for (const a of stored.book.assets) {
    const hash = stored.assetHashes[a.path];
    const bytes = hash ? await ctx.blobs.read(hash) : null;
    if (bytes) assets.set(a.path, new Uint8Array(bytes));
  }
  const prefix = `/api/books/${encodeURIComponent(bookId)}/assets/`;
  return {
    book: stored.book,
    assets,
    assetOfSrc: (src) => {
      if (!src.startsWith(prefix)) return undefined;
      try {
        return src.slice(prefix.length).split('/').map(decodeURIComponent).join('/');
      } catch {
        return undefined;
      }
    },
  };
}
