/**
 * GET /api/library: the signed-in person's owned books (library_entries joined with books).
 * Reading progress is deliberately absent: it is a replicated document, so it works offline.
 */
import { Hono } from 'hono';
import { getLibrary, type LibraryBook } from '../../sync/api/library';
import { assetUrl } from '../books/epub/assets';
import { authorNamesByBook } from '../books/queries';
import type { AppContext, AppEnv } from '../context';
import { on } from '../http/endpoint';
import { requireUser } from '../http/guard';

async function libraryBooks(ctx: AppContext, userId: string): Promise<LibraryBook[]> {
  const rows = await ctx.db
    .selectFrom('libraryEntries')
    .innerJoin('books', 'books.id', 'libraryEntries.bookId')
    .select(['books.id', 'books.title', 'books.subtitle', 'books.coverPath', 'libraryEntries.source', 'libraryEntries.acquiredAt'])
    .where('libraryEntries.userId', '=', userId)
    .orderBy('libraryEntries.acquiredAt', 'desc')
    .orderBy('books.id')
    .execute();
  if (rows.length === 0) return [];
  const authors = await authorNamesByBook(
    ctx,
    rows.map((r) => r.id),
  );
  return rows.map((r) => ({
    id: r.id,
    title: r.title,
    subtitle: r.subtitle,
    authors: authors.get(r.id) ?? [],
    coverUrl: r.coverPath ? assetUrl(r.id, r.coverPath) : null,
    source: r.source,
    acquiredAt: r.acquiredAt,
  }));
}

export function libraryRoutes(ctx: AppContext) {
  return on(new Hono<AppEnv>(), '/api/library', getLibrary, async (c) => ({ books: await libraryBooks(ctx, requireUser(c).id) }));
}
