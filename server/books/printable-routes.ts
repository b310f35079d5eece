/**
 * GET /api/books/:id/printable: the whole book in one response, for the print layout. Printing
 * is a full copy, so it follows the full-access rule of sync/books/entitlement.ts exactly: a
 * sample reader is refused (403), a hidden book does not exist (404).
 */
import { Hono } from 'hono';
import { getPrintableBook } from '../../sync/api/books';
import type { AppContext, AppEnv } from '../context';
import { on } from '../http/endpoint';
import { forbidden, notFound } from '../http/errors';
import { requireUser } from '../http/guard';
import { accessToBook } from './access';
import { bookDetail } from './reading-routes';

export function printableRoutes(ctx: AppContext) {
  const router = new Hono<AppEnv>();
  on(router, '/api/books', getPrintableBook, async (c, { params }) => {
    const user = requireUser(c);
    const found = await accessToBook(ctx, params.id, user);
    if (!found || found.access === 'none') throw notFound('No such book.');
    if (found.access !== 'full') throw forbidden("Only the book's owners and authors can print it.");
    const [book, chapters] = await Promise.all([
      bookDetail(ctx, found, { whole: true }), // the printed contents list every entry
      ctx.db
        .selectFrom('bookChapters')
        .select(['id', 'bookId', 'ord', 'title', 'linear', 'xhtml'])
        .where('bookId', '=', found.book.id)
        .orderBy('ord')
        .execute(),
    ]);
    c.header('Cache-Control', 'private, no-cache');
    return { book, chapters: chapters.map((ch) => ({ ...ch, linear: ch.linear === 1 })) };
  });
  return router;
}
