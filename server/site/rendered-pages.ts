/**
 * A visitor's store front and store book pages drawn with their data, per request, by the same
 * React components the app runs (src/prerender.tsx's renderStorePage, built to
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
import type { StoreBook, StoreHomeResponse } from '../../sync/api/store';
import type { AppContext } from '../context';
import { storeHome } from '../store/shelves';

export type PageQuery = [key: string[], data: unknown];

interface RenderBuild {
  renderStorePage(data: { home: StoreHomeResponse } | { book: StoreBook }): Promise<{ html: string; queries: PageQuery[] }>;
}

const builds = new Map<string, Promise<RenderBuild | null>>();

/** Pages drawn, by a hash of the data they were drawn from, least recently used first. */
const drawn = new Map<string, { html: string; queries: PageQuery[] }>();
const DRAWN_PAGES_KEPT = 200;

function renderBuild(clientDir: string): Promise<RenderBuild | null> {
  const file = path.join(clientDir, '..', 'dist-prerender', 'prerender.js');
  let build = builds.get(file);
  if (!build) {
    // React picks its build from NODE_ENV when it first loads: unset (npm start) is production, as the client's is.
    process.env.NODE_ENV ??= 'production';
    build = import(pathToFileURL(file).href).then(
      (module: RenderBuild) => module,
      () => null,
    );
    builds.set(file, build);
  }
  return build;
}

/** The page drawn with its data, or null when the path is not a store page or the build is missing. */
export async function renderedStorePage(
  ctx: AppContext,
  clientDir: string,
  pathname: string,
  book: StoreBook | null,
): Promise<{ html: string; queries: PageQuery[] } | null> {
  const isFront = pathname === '/store' || pathname === '/store/';
  if (!book && !isFront) return null;
  const build = await renderBuild(clientDir);
  if (!build) return null;
  try {
    const data = book ? { book } : { home: await storeHome(ctx) };
    // Drawing takes milliseconds of the one thread; the same data draws the same page.
    const key = createHash('sha256').update(JSON.stringify(data)).digest('base64');
    const cached = drawn.get(key);
    if (cached) {
      drawn.delete(key); // most recently used last
      drawn.set(key, cached);
      return cached;
    }
    const page = await build.renderStorePage(data);
    drawn.set(key, page);
    if (drawn.size > DRAWN_PAGES_KEPT) drawn.delete(drawn.keys().next().value!);
    return page;
  } catch (error) {
    // The build-time first paint still serves; the app draws the page as it always could.
    console.error(`drawing ${pathname} with its data failed:`, error);
    return null;
  }
}
