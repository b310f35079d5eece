/**
 * GET /api/books/:id/search: which chapters of a book hold the words, so the reader of a long book
 * that is not downloaded fetches those chapters only, not all 10,000 (decision 054). The text is
 * each chapter's textContent, as the reader searches it; chapters are read in pages by position
 * (the (book_id, ord) index), so memory stays at one page of chapters, and the event loop is
 * given back between pages (10,000 chapters of 3.5 KB take about a second of parsing).
 */
import { setImmediate as othersFirst } from 'node:timers/promises';
import { parseDocument } from 'htmlparser2';
import { textContent } from 'domutils';
import { Hono } from 'hono';
import { BOOK_SEARCH_MAX_CHAPTERS, searchBookChapters } from '../../sync/api/books';
import { searchNeedle, textHolds } from '../../sync/books/search-text';
import type { AppContext, AppEnv } from '../context';
import { on } from '../http/endpoint';
import { forbidden, notFound } from '../http/errors';
import { requireUser } from '../http/guard';
import { buildLimiter, limitBefore } from '../http/rate-limit';
import { RATE_LIMITS } from '../limits';
import { accessToBook } from './access';

/** Chapters read from the database at once. */
const PAGE = 100;

async function chaptersHolding(ctx: AppContext, bookId: string, query: string): Promise<{ chapterIds: string[]; more: boolean }> {
  const needle = searchNeedle(query);
  const chapterIds: string[] = [];
  for (let from = 0; ; from += PAGE) {
    const rows = await ctx.db
      .selectFrom('bookChapters')
      .select(['id', 'xhtml'])
      .where('bookId', '=', bookId)
      .where('ord', '>=', from)
      .where('ord', '<', from + PAGE)
      .orderBy('ord')
      .execute();
    if (rows.length === 0) return { chapterIds, more: false };
    // About 10 ms of parsing per page: let other requests in between, not after a second of it.
    if (from > 0) await othersFirst();
    for (const row of rows) {
      if (!textHolds(textContent(parseDocument(row.xhtml, { decodeEntities: true })), needle)) continue;
      if (chapterIds.length === BOOK_SEARCH_MAX_CHAPTERS) return { chapterIds, more: true };
      chapterIds.push(row.id);
    }
  }
}

export function searchRoutes(ctx: AppContext) {
  const router = new Hono<AppEnv>();
  const perAccount = buildLimiter(ctx, 'book-search-account', RATE_LIMITS.bookSearchPerAccount);
  router.get(
    '/:id/search',
    limitBefore(perAccount, (c) => requireUser(c).id),
  );
  on(router, '/api/books', searchBookChapters, async (c, { params, query }) => {
    const user = requireUser(c);
    const found = await accessToBook(ctx, params.id, user);
    if (!found || found.access === 'none') throw notFound('No such book.');
    if (found.access !== 'full') throw forbidden('Search the sample in the reader: the rest of this book is not in your library.');
    c.header('Cache-Control', 'private, no-cache');
    return chaptersHolding(ctx, found.book.id, query.q);
  });
  return router;
}
