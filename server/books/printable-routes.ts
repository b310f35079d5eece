/**
 * GET /api/books/:id/printable: the whole book in one response, for the print layout. Printing
 * is a full copy, so it follows the full-access rule of sync/books/entitlement.ts exactly: a
 * sample reader is refused (403), a hidden book does not exist (404).
 */
import { Hono } from 'hono';
import type { PrintableBookResponse } from '../../sync/api/books';
import type { AppContext, AppEnv } from '../context';
import { forbidden, notFound } from '../http/errors';
import { requireUser } from '../http/guard';
import { accessToBook } from './access';
import { bookDetail } from './reading-routes';

export function printableRoutes(ctx: AppContext) {
  return new Hono<AppEnv>().get('/:id/printable', async (c) => {
    const user = requireUser(c);
    const found = await accessToBook(ctx, c.req.param('id'), user);
    if (!found || found.access === 'none') throw notFound('No such book.');
    if (found.access !== 'full') throw forbidden("Only the book's owners and authors can print it.");
    const [book, chapters] = await Promise.all([
      bookDetail(ctx, found),
      ctx.db
        .selectFrom('bookChapters')
        .select(['id', 'bookId', 'ord', 'title', 'linear', 'xhtml'])
        .where('bookId', '=', found.book.id)
        .orderBy('ord')
        .execute(),
    ]);
    const body: PrintableBookResponse = { book, chapters: chapters.map((ch) => ({ ...ch, linear: ch.linear === 1 })) };
    return c.json(body, 200, { 'Cache-Control': 'private, no-cache' });
  });
}
