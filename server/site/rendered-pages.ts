/**
 * A visitor's home page, store front and store book pages drawn with their data, per request, by
 * the same React components the app runs (src/prerender.tsx's renderWithData, built to
 * dist-prerender/prerender.js by `npm run build:prerender`): the page's largest paint, a cover,
 * is in the HTML instead of waiting for the app's code, then the API, then the image (issue 12:
 * LCP ≤ 1.5 s). No hydration: the app replaces the markup as it does the build-time first paint
 * (decision 066), so a difference between the two is a repaint, not a bug. The build loads on the
 * first such page, not at start, and a build without it (API tests) falls back to the build-time
 * paint.
 */
import { createHash } from 'node:crypto';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import type { DrawnPage, DrawnPageData } from '../../sync/api/session';
import type { StoreBook } from '../../sync/api/store';
import { homeBooks } from '../books/queries';
import type { AppContext } from '../context';
import { storeHome } from '../store/shelves';

/** A client build's renderer, with the pages it drew, by a hash of their data, least recently used first. */
interface Renderer {
  renderWithData(data: DrawnPageData): Promise<DrawnPage>;
  drawn: Map<string, DrawnPage>;
}

const DRAWN_PAGES_KEPT = 200;
const renderers = new Map<string, Promise<Renderer | null>>();

function rendererFor(clientDir: string): Promise<Renderer | null> {
  const file = path.join(clientDir, '..', 'dist-prerender', 'prerender.js');
  let renderer = renderers.get(file);
  if (!renderer) {
    // React picks its build from NODE_ENV when it first loads: unset (npm start) is production, as the client's is.
    process.env.NODE_ENV ??= 'production';
    renderer = import(pathToFileURL(file).href).then(
      (module: Pick<Renderer, 'renderWithData'>) => ({ renderWithData: module.renderWithData, drawn: new Map() }),
      () => null,
    );
    renderers.set(file, renderer);
  }
  return renderer;
}

/** What the page at a path shows first (a store book's page, the home page, the store front), or null for another page. */
export async function pageData(ctx: AppContext, pathname: string, book: StoreBook | null): Promise<DrawnPageData | null> {
  if (book) return { page: 'book', book };
  if (pathname === '/') return { page: 'home', books: await homeBooks(ctx) };
  if (pathname === '/store' || pathname === '/store/') return { page: 'store', home: await storeHome(ctx) };
  return null;
}

/** The page drawn with its data, or null when the build is missing or the drawing failed. */
export async function renderedPage(clientDir: string, data: DrawnPageData): Promise<DrawnPage | null> {
  const renderer = await rendererFor(clientDir);
  if (!renderer) return null;
  const { drawn } = renderer;
  try {
    // Drawing takes milliseconds of the one thread; the same data draws the same page.
    const key = createHash('sha256').update(JSON.stringify(data)).digest('base64');
    const cached = drawn.get(key);
    if (cached) {
      drawn.delete(key); // most recently used last
      drawn.set(key, cached);
      return cached;
    }
    const page = await renderer.renderWithData(data);
    drawn.set(key, page);
    if (drawn.size > DRAWN_PAGES_KEPT) drawn.delete(drawn.keys().next().value!);
    return page;
  } catch (error) {
    // The build-time first paint still serves; the app draws the page as it always could.
    console.error(`drawing the ${data.page} page with its data failed:`, error);
    return null;
  }
}
