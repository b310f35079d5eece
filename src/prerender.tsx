/**
 * The build's second entry (`npm run build:prerender`): the first paint of public pages as a
 * visitor sees them, rendered from the real routes and components before any script has run. The
 * server sends it inside #root to visitors who are signed out (server/site/prerendered.ts), and
 * main.tsx swaps in the live app once the page's code has loaded; until then the markup is inert,
 * so nothing typed into it is lost. Data the page fetches shows as its loading state.
 */
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
// eslint-disable-next-line no-restricted-imports -- React's own renderer, run at build time (not Quire's server)
import { renderToString } from 'react-dom/server';
import { createStaticHandler, createStaticRouter, StaticRouterProvider } from 'react-router';
import { routes } from './app/router';
import { SESSION_KEY } from './lib/session';
import { ToastProvider } from './ui';

/**
 * Route patterns prerendered: a path that renders each (any id shows the same loading state) and
 * the page's module, whose stylesheets the markup needs from the first paint (router.tsx).
 */
export const PRERENDERED: Record<string, { path: string; module: string }> = {
  '/': { path: '/', module: 'src/features/home/home-page.tsx' },
  '/store': { path: '/store', module: 'src/features/store/store-page.tsx' },
  '/book/:bookId': { path: '/book/x', module: 'src/features/store/book-page.tsx' },
  '/authors': { path: '/authors', module: 'src/features/authors/authors-page.tsx' },
  '/author/:authorId': { path: '/author/x', module: 'src/features/authors/author-page.tsx' },
  '/blog': { path: '/blog', module: 'src/features/blog/blog-page.tsx' },
  '/blog/:slug': { path: '/blog/x', module: 'src/features/blog/post-page.tsx' },
};

export async function prerender(path: string): Promise<string> {
  const handler = createStaticHandler(routes);
  const context = await handler.query(new Request(`http://quire.invalid${path}`));
  if (context instanceof Response) throw new Error(`${path} answered ${context.status} instead of a page`);
  const queryClient = new QueryClient();
  queryClient.setQueryData(SESSION_KEY, { user: null });
  return renderToString(
    <QueryClientProvider client={queryClient}>
      <ToastProvider>
        <StaticRouterProvider router={createStaticRouter(handler.dataRoutes, context)} context={context} hydrate={false} />
      </ToastProvider>
    </QueryClientProvider>,
  );
}
