/**
 * The build's second entry (`npm run build:prerender`): the first paint of public pages as a
 * visitor sees them, rendered from the real routes and components before any script has run. The
 * server sends it inside #root to visitors who are signed out (server/site/prerendered.ts), and
 * main.tsx swaps in the live app once the page's code has loaded; until then the markup is inert,
 * so nothing typed into it is lost. Data the page fetches shows as its loading state, except on
 * the public pages the server draws per request with their data (renderWithData).
 */
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
// eslint-disable-next-line no-restricted-imports -- React's own renderer, run at build time (not Quire's server)
import { renderToString } from 'react-dom/server';
import { createStaticHandler, createStaticRouter, StaticRouterProvider } from 'react-router';
import { routes } from './app/router';
import { SESSION_KEY } from './lib/session';
import { ToastProvider } from './ui';
import type { DrawnPage, DrawnPageData, PageQuery } from '../sync/api/session';
import { pageQueries } from '../sync/api/page-queries';

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

/**
 * Pages the server draws nothing for but whose code it names in the HTML at once (modulepreload),
 * so it loads beside the entry rather than after it has run: a signed-in person's library and
 * reader (issue 11). Prerendered pages' code is named the same way for the signed-in.
 */
export const CODE_PRELOADED: Record<string, { module: string }> = {
  '/books': { module: 'src/features/library/library-page.tsx' },
  '/books/:bookId': { module: 'src/features/reader/reader-page.tsx' },
  '/books/:bookId/flow': { module: 'src/features/reader/reader-page.tsx' },
};

/** React's markers for Suspense boundaries and text, and the empty template of a boundary still loading: the swap needs none of them. */
const clean = (html: string) => html.replace(/<!--.*?-->/gs, '').replace(/<template><\/template>/g, '');

/**
 * Every text box of the first paint is read-only until the app replaces it. The root is inert
 * too, which stops people, but scripts and test drivers can still fill an inert box and lose the
 * text to the swap; a read-only one they wait for, as for any box not ready yet. (Clicks wait
 * anyway: nothing inert is hit.) Read-only, not disabled, looks the same.
 */
const freezeTextBoxes = (html: string) => html.replace(/<(input|textarea)(?=[\s>/])/g, '<$1 readonly');

/** A path as a visitor first sees it; queries given are drawn with their data, the others as loading. */
export async function prerender(path: string, queries: PageQuery[] = []): Promise<string> {
  const handler = createStaticHandler(routes);
  const context = await handler.query(new Request(`http://quire.invalid${path}`));
  if (context instanceof Response) throw new Error(`${path} answered ${context.status} instead of a page`);
  const queryClient = new QueryClient();
  queryClient.setQueryData(SESSION_KEY, { user: null });
  for (const [key, data] of queries) queryClient.setQueryData(key, data);
  const html = renderToString(
    <QueryClientProvider client={queryClient}>
      <ToastProvider>
        <StaticRouterProvider router={createStaticRouter(handler.dataRoutes, context)} context={context} hydrate={false} />
      </ToastProvider>
    </QueryClientProvider>,
  );
  return freezeTextBoxes(clean(html));
}

/**
 * A visitor's home page, store front or store book page drawn with its data, per request
 * (server/site/rendered-pages.ts): its largest paint — a cover — is then in the HTML rather than
 * waiting for the app's code and the API (issue 12: LCP ≤ 1.5 s). The queries go with it, so the
 * app takes over with the same data instead of a loading state.
 */
export async function renderWithData(data: DrawnPageData): Promise<DrawnPage> {
  const { path, queries } = pageQueries(data);
  return { html: await prerender(path, queries), queries };
}
