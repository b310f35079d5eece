/**
 * What a page's HTML carries beyond index.html (server/static.ts): its own head tags for crawlers
 * and link previews (store pages, blog posts), and the visitor's session, so the client draws
 * the right header and page without first asking GET /api/auth/me, and a reader page's preloads
 * (issue 11).
 */
import type { PageBoot } from '../../sync/api/session';
import { toMe } from '../auth/present';
import { sessionMiddleware } from '../auth/sessions';
import { blogHeadFor } from '../blog/meta';
import type { AppContext } from '../context';
import type { ClientOptions } from '../static';
import { readerPreloads } from './reader-preload';
import { storeHeadFor } from './store-meta';

export function sitePages(ctx: AppContext, publicUrl: string): ClientOptions {
  return {
    before: sessionMiddleware(ctx),
    parts: async (c) => {
      const user = c.get('user');
      const boot: PageBoot = { session: { user: user ? toMe(user) : null } };
      return {
        head: (await blogHeadFor(ctx, publicUrl, c.req.path)) ?? (await storeHeadFor(ctx, publicUrl, c.req.path)),
        boot,
        preload: await readerPreloads(ctx, user ?? null, c.req.path),
        // The prerendered pages are drawn as a visitor sees them (header, calls to sign up), and
        // as the bare path shows them: a search in the query (/store?q=…) draws another page.
        prerendered: !user && new URL(c.req.url).search === '',
      };
    },
  };
}
