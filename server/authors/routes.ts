/**
 * /api/authors (sync/api/authors.ts): the directory and an author's page are public and the same
 * for everyone (whether the viewer follows comes from their replicated follows), so the service
 * worker may keep them; the new books of followed authors are the signed-in person's own.
 */
import { Hono } from 'hono';
import * as api from '../../sync/api/authors';
import type { AppContext, AppEnv } from '../context';
import { on } from '../http/endpoint';
import { notFound } from '../http/errors';
import { requirePermission } from '../http/guard';
import { followedNewBooks } from './followed-books';
import { authorDirectory, authorPage } from './queries';

const AT = '/api/authors';

export function authorRoutes(ctx: AppContext) {
  const router = new Hono<AppEnv>();
  on(router, AT, api.listAuthors, (_c, { query }) => authorDirectory(ctx, query));
  on(router, AT, api.getFollowedNewBooks, async (c) => {
    const user = requirePermission(c, 'account:use');
    return { books: await followedNewBooks(ctx, user.id) };
  });
  on(router, AT, api.getAuthor, async (_c, { params }) => {
    const author = await authorPage(ctx, params.id);
    if (!author) throw notFound('No author by that id has books in the store.');
    return author;
  });
  return router;
}
