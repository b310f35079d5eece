/**
 * What a page's HTML carries beyond index.html (server/static.ts): its own head tags for crawlers
 * and link previews (store pages, blog posts), and the visitor's session, so the client draws
 * the right header and page without first asking GET /api/auth/me, and the preloads of a reader
 * page and a store book's page (issues 11 and 12).
 */
import type { PageBoot } from '../../sync/api/session';
import { toMe } from '../auth/present';
import { sessionMiddleware } from '../auth/sessions';
import { blogHeadFor } from '../blog/meta';
import type { AppContext } from '../context';
import type { ClientOptions } from '../static';
import { readerPreloads } from './reader-preload';
import { storeHeadFor } from './store-meta';
import { pageQueries } from '../../sync/api/page-queries';
import { pageCoverPreloads, storeBookId } from './store-preload';
import { pageData, renderedPage } from './rendered-pages';
import { storeBook } from '../store/book-page';

export function sitePages(ctx: AppContext, publicUrl: string, clientDir: string): ClientOptions {
  return {
    before: sessionMiddleware(ctx),
    parts: async (c) => {
      const user = c.get('user');
      const path = c.req.path;
      const storeBookPath = storeBookId(path);
      const book = storeBookPath ? await storeBook(ctx, storeBookPath) : null;
      // Pages are drawn and started as their bare path shows them: a search in the query
      // (/store?q=…) shows another page. A visitor's is drawn as a visitor sees it (header,
      // calls to sign up); a signed-in person's is not drawn but comes with its answers.
      const bare = new URL(c.req.url).search === '';
      const prerendered = !user && bare;
      const data = bare || book ? await pageData(ctx, path, book) : null;
      const drawn = prerendered && data ? await renderedPage(clientDir, data) : null;
      const queries = drawn?.queries ?? (data ? pageQueries(data).queries : undefined);
      const boot: PageBoot = { session: { user: user ? toMe(user) : null }, ...(queries ? { queries } : {}) };
      return {
        head: (await blogHeadFor(ctx, publicUrl, path)) ?? (await storeHeadFor(ctx, publicUrl, path, storeBookPath ? { book } : undefined)),
        boot,
        // A page drawn with its data has its cover in it already.
        preload: [...(await readerPreloads(ctx, user ?? null, path)), ...(data && !drawn ? pageCoverPreloads(data) : [])],
        prerendered,
        firstPaint: drawn?.html,
      };
    },
  };
}
