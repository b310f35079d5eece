/**
 * The first paint of public pages as a visitor sees them, rendered at build time
 * (scripts/prerender.ts → dist/prerendered.json), and the code of a page beyond the entry's,
 * found here by the request's path. A build without the file (tests' fake clients) prerenders
 * nothing.
 */
import fs from 'node:fs';
import path from 'node:path';

export interface PrerenderedPage {
  /** Markup for #root; absent for a page whose code alone is named (src/prerender.tsx's CODE_PRELOADED). */
  html?: string;
  /** Stylesheets the markup needs beyond the entry's. */
  styles: string[];
  /** The page's code beyond the entry's (absent in files from older builds). */
  scripts?: string[];
}

/** `/book/:bookId` → a RegExp matching `/book/anything` (one segment per parameter), trailing slash allowed. */
export function routePattern(pattern: string): RegExp {
  const source = pattern
    .split('/')
    .map((segment) => (segment.startsWith(':') ? '[^/]+' : segment.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')))
    .join('/');
  return new RegExp(`^${source}/?$`);
}

/** Looks a path up in the build's file, read again only when a new build replaces it. */
export function prerenderedPages(clientDir: string): (pathname: string) => PrerenderedPage | null {
  const file = path.join(clientDir, 'prerendered.json');
  let loaded: { mtimeMs: number; pages: [RegExp, PrerenderedPage][] } | null = null;
  return (pathname) => {
    const mtimeMs = fs.statSync(file, { throwIfNoEntry: false })?.mtimeMs;
    if (mtimeMs === undefined) return null;
    if (loaded?.mtimeMs !== mtimeMs) {
      const pages = JSON.parse(fs.readFileSync(file, 'utf8')) as Record<string, PrerenderedPage>;
      loaded = { mtimeMs, pages: Object.entries(pages).map(([pattern, page]) => [routePattern(pattern), page]) };
    }
    return loaded.pages.find(([pattern]) => pattern.test(pathname))?.[1] ?? null;
  };
}
