/**
 * Reading a book: metadata with contents, chapters (sanitised XHTML) and assets, each behind the
 * entitlement rule of sync/books/entitlement.ts, plus claiming a free book. Asset responses are
 * never sniffed or run: nosniff and a sandboxing CSP, since an SVG opened directly is a document.
 */
import { Hono } from 'hono';
import { claimBook, getBook, getBookChapter, getBookChapterList, getBookToc, type BookDetailResponse } from '../../sync/api/books';
import type { TocEntry } from '../../sync/book-format';
import { canClaim, chapterDecision, type ChapterDecision } from '../../sync/books/entitlement';
import type { AppContext, AppEnv } from '../context';
import { serveBlob } from '../files/serve-blob';
import { on } from '../http/endpoint';
import { badRequest, forbidden, notFound, unauthenticated } from '../http/errors';
import { requireUser } from '../http/guard';
import { accessToBook, type BookForReading } from './access';
import { assetUrl } from './epub/assets';
import { withImageVariants } from './chapter-images';
import { coverUrl } from './queries';
import { TOC_INLINE_MAX } from '../limits';
import { chapterListPage, chaptersAsContents, detailChapters, linearChapterCount } from './chapter-list';

const ASSET_HEADERS = {
  'X-Content-Type-Options': 'nosniff',
  'Content-Security-Policy': "default-src 'none'; style-src 'unsafe-inline'; img-src data:; font-src data:; sandbox",
};
/** Assets anyone who may see the book can load: what the sample needs to look right. */
const PRESENTATION_TYPES = /^(text\/css|font\/|application\/(font|x-font|vnd\.ms-opentype))/;

function refuse(decision: ChapterDecision, what: string): never {
  if (decision === 'unauthenticated') throw unauthenticated(`Sign in to read more of this ${what}.`);
  if (decision === 'forbidden') throw forbidden(`This ${what} is not in your library.`);
  throw notFound('No such book.');
}

export function readingRoutes(ctx: AppContext) {
  const router = new Hono<AppEnv>();
  on(router, '/api/books', getBook, async (c, { params }) => {
    const found = await accessToBook(ctx, params.id, c.get('user'));
    if (!found || found.access === 'none') throw notFound('No such book.');
    return bookDetail(ctx, found);
  });
  on(router, '/api/books', getBookToc, async (c, { params }) => {
    const found = await accessToBook(ctx, params.id, c.get('user'));
    if (!found || found.access === 'none') throw notFound('No such book.');
    const row = await ctx.db.selectFrom('books').select('toc').where('id', '=', found.book.id).executeTakeFirstOrThrow();
    const toc = JSON.parse(row.toc) as TocEntry[];
    c.header('Cache-Control', 'private, no-cache');
    return { toc: toc.length > 0 ? toc : await chaptersAsContents(ctx, found.book.id) };
  });
  on(router, '/api/books', getBookChapterList, async (c, { params }) => {
    if (!/^\d{1,6}$/.test(params.page)) throw badRequest('The page is a number from 0.');
    const found = await accessToBook(ctx, params.id, c.get('user'));
    if (!found || found.access === 'none') throw notFound('No such book.');
    const book = await ctx.db.selectFrom('books').select('layout').where('id', '=', found.book.id).executeTakeFirstOrThrow();
    const page = await chapterListPage(ctx, found, Number(params.page), book.layout === 'pre-paginated');
    if (!page) throw notFound('The book has no chapters this far.');
    c.header('Cache-Control', 'private, no-cache');
    return page;
  });
  on(router, '/api/books', getBookChapter, async (c, { params: { id, chapterId } }) => {
    const user = c.get('user');
    const found = await accessToBook(ctx, id, user);
    const decision = found ? chapterDecision(found.access, chapterId === found.sampleChapterId, user != null) : 'not_found';
    if (decision !== 'allow') refuse(decision, 'book');
    const ch = await ctx.db.selectFrom('bookChapters').selectAll().where('bookId', '=', found!.book.id).where('id', '=', chapterId).executeTakeFirst();
    if (!ch) throw notFound('No such chapter.');
    c.header('Cache-Control', 'private, no-cache');
    // A fixed-layout page places its images at the page's own size: they stay as the book has them.
    const xhtml = ch.layout === 'pre-paginated' ? ch.xhtml : await withImageVariants(ctx.db, ch.bookId, ch.xhtml);
    return { id: ch.id, bookId: ch.bookId, ord: ch.ord, title: ch.title, linear: ch.linear === 1, xhtml };
  });
  on(router, '/api/books', claimBook, async (c, { params }) => {
    const user = requireUser(c);
    const found = await accessToBook(ctx, params.id, user);
    if (!found || found.access === 'none') throw notFound('No such book.');
    if (!canClaim({ published: found.book.status === 'published', priceCents: found.book.priceCents })) {
      throw forbidden('Only free books can be claimed; this one is for sale.');
    }
    await ctx.db
      .insertInto('libraryEntries')
      .values({ userId: user.id, bookId: found.book.id, source: 'claim', acquiredAt: ctx.now() })
      .onConflict((oc) => oc.doNothing())
      .execute();
    return { bookId: found.book.id, inLibrary: true };
  });
  return router.get('/:id/assets/:path{.+}', async (c) => {
    const user = c.get('user');
    const found = await accessToBook(ctx, c.req.param('id'), user);
    if (!found || found.access === 'none') throw notFound('No such book.');
    const path = c.req.param('path');
    const asset = await ctx.db.selectFrom('bookAssets').selectAll().where('bookId', '=', found.book.id).where('path', '=', path).executeTakeFirst();
    if (!asset) throw notFound('No such file in this book.');
    if (found.access !== 'full' && !(await isOpenAsset(ctx, found, asset))) refuse(chapterDecision('sample', false, user != null), 'book');
    const type = asset.mediaType === 'text/css' ? 'text/css; charset=utf-8' : asset.mediaType;
    return serveBlob(
      c,
      ctx.blobs,
      { hash: asset.blobHash, mediaType: type },
      { ...ASSET_HEADERS, 'Cache-Control': 'private, max-age=86400' },
      'No such file in this book.',
    );
  });
}

/**
 * The reader's view of a book: metadata, contents and which chapters this viewer may open. A
 * contents longer than TOC_INLINE_MAX entries is left out (`tocSize` says how long it is), and a
 * long book's chapters are a window (decision 054), unless `whole` (printing): the reader fetches
 * them as it needs them.
 */
/** A book's stylesheets as the reader loads them, from the stored column. */
export const stylesheetUrls = (bookId: string, stored: string) => (JSON.parse(stored) as string[]).map((p) => assetUrl(bookId, p));

export async function bookDetail(ctx: AppContext, found: BookForReading, { whole = false } = {}): Promise<BookDetailResponse> {
  const id = found.book.id;
  const [row, contributors, cover] = await Promise.all([
    ctx.db.selectFrom('books').selectAll().where('id', '=', id).executeTakeFirstOrThrow(),
    ctx.db.selectFrom('bookContributors').select(['name', 'role']).where('bookId', '=', id).orderBy('ord').execute(),
    ctx.db
      .selectFrom('bookAssets')
      .select('blobHash')
      .where('bookId', '=', id)
      .where('path', '=', found.book.coverPath ?? '')
      .executeTakeFirst(),
  ]);
  const fixed = row.layout === 'pre-paginated';
  const listed = await detailChapters(ctx, found, { wordCount: row.wordCount, fixed }, { whole });
  const toc = JSON.parse(row.toc) as TocEntry[];
  return {
    id,
    slug: row.slug,
    title: row.title,
    subtitle: row.subtitle,
    description: row.description,
    language: row.language,
    contributors,
    publisher: row.publisherName,
    status: row.status,
    priceCents: row.priceCents,
    currency: row.currency,
    coverUrl: coverUrl(id, cover?.blobHash ?? null),
    direction: row.direction,
    writingMode: row.writingMode,
    accessibility: JSON.parse(row.accessibility),
    // A windowed book without contents of its own: its linear chapters stand in, fetched like long contents.
    ...(toc.length === 0 && listed.chapterWindow ? { toc: [], tocSize: await linearChapterCount(ctx, id) } : contents(toc, whole)),
    stylesheets: stylesheetUrls(id, row.stylesheets),
    access: found.access,
    sampleChapterId: found.sampleChapterId ?? null,
    // Reflowable books answer as they always did; fixed-layout ones add their pages' sizes.
    ...(fixed ? { layout: row.layout, spread: row.spread } : {}),
    ...listed,
  };
}

function contents(toc: TocEntry[], full: boolean): { toc: TocEntry[]; tocSize?: number } {
  if (full) return { toc };
  const size = tocSize(toc);
  return size > TOC_INLINE_MAX ? { toc: [], tocSize: size } : { toc };
}

const tocSize = (entries: TocEntry[]): number => entries.reduce((n, e) => n + 1 + tocSize(e.children), 0);

/** The cover, presentation files and the images of the sample chapter are open to sample readers. */
async function isOpenAsset(
  ctx: AppContext,
  found: NonNullable<Awaited<ReturnType<typeof accessToBook>>>,
  asset: { path: string; mediaType: string },
): Promise<boolean> {
  if (asset.path === found.book.coverPath || PRESENTATION_TYPES.test(asset.mediaType)) return true;
  if (!found.sampleChapterId) return false;
  const sample = await ctx.db.selectFrom('bookChapters').select('xhtml').where('id', '=', found.sampleChapterId).executeTakeFirst();
  return sample?.xhtml.includes(`"${assetUrl(found.book.id, asset.path)}"`) ?? false;
}
