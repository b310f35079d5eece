/**
 * Serves the built client: hashed assets cached forever, everything else revalidated, and any
 * other GET that wants HTML gets index.html so the client router can take it (including its
 * not-found page). The build writes `.br` and `.gz` beside each compressible file (vite.config.ts);
 * the smallest one the browser accepts is sent, and every file answer says it varies by encoding.
 */
import fs from 'node:fs';
import path from 'node:path';
import { serveStatic } from '@hono/node-server/serve-static';
import type { Context, Hono, MiddlewareHandler } from 'hono';
import type { AppEnv } from './context';
import { escapeHtml } from '../sync/text/escape-html';
import { prerenderedPages, type PrerenderedPage } from './site/prerendered';
import type { Preload } from './site/reader-preload';

/** What one page's HTML carries beyond index.html (server.ts decides it per request). */
interface PageParts {
  /** `<head>` tags instead of index.html's own title and description (store pages, blog posts). */
  head?: string | null;
  /**
   * Answers the client would otherwise fetch before it can draw anything (the session), as JSON
   * in `<script id="quire-boot" type="application/json">`: a data block, which CSP does not run.
   */
  boot?: unknown;
  /** What the page will fetch first, fetched by the browser while it parses the page (a book's reader). */
  preload?: Preload[];
  /**
   * Whether the page may open with its prerendered first paint (scripts/prerender.ts), which is
   * what a visitor sees: inert until the app takes over (src/main.tsx), so nothing typed is lost.
   */
  prerendered?: boolean;
  /** The page drawn with its data for this request (a visitor's store pages), instead of the build's first paint. */
  firstPaint?: string;
}

export interface ClientOptions {
  /** Run before a page is answered, e.g. the session, which the page's parts may read. */
  before?: MiddlewareHandler<AppEnv>;
  parts?: (c: Context<AppEnv>) => Promise<PageParts>;
}

export function mountClient(app: Hono<AppEnv>, clientDir: string, options: ClientOptions = {}) {
  const root = path.relative(process.cwd(), clientDir) || '.';
  const indexFile = path.join(clientDir, 'index.html');
  const prerenderedFor = prerenderedPages(clientDir);
  app.use('/assets/*', async (c, next) => {
    await next();
    if (c.res.status === 200) c.header('Cache-Control', 'public, max-age=31536000, immutable');
  });
  app.use('*', async (c, next) => {
    await next();
    if (!c.res.headers.has('Cache-Control')) c.header('Cache-Control', 'no-cache');
  });
  const files = serveStatic<AppEnv>({
    root,
    precompressed: true,
    // serveStatic adds Vary only when it sends a compressed file; caches must know that the
    // plain answer varies too.
    onFound: (_path, c) => {
      if (!c.res.headers.has('Vary')) c.header('Vary', 'Accept-Encoding');
    },
  });
  // `/` is a page like any other (its parts below), not the plain index.html file.
  app.get('*', (c, next) => (c.req.path === '/' ? next() : files(c, next)));
  app.get('*', options.before ?? ((_c, next) => next()), async (c) => {
    if (!fs.existsSync(indexFile)) {
      return c.text('The client is not built. Run `npm run build` (npm start does it for you).', 503);
    }
    // /auth/callback?code=… and /auth/reset-password?token=… carry one-time secrets in the URL.
    if (c.req.path.startsWith('/auth/')) c.header('Referrer-Policy', 'no-referrer');
    const html = await fs.promises.readFile(indexFile, 'utf8');
    const parts = options.parts ? await options.parts(c) : {};
    // The page may carry the visitor's own account: never kept by a shared cache. (Given with the
    // answer: set on it through c.header() or afterwards, the Node adapter sent the page without
    // the headers later middleware adds, the CSP among them.)
    const built = prerenderedFor(c.req.path);
    const markup = parts.firstPaint ?? built?.html;
    const firstPaint = parts.prerendered && built && markup !== undefined ? { ...built, html: markup } : null;
    return c.html(withParts(html, parts, firstPaint, built?.scripts ?? []), 200, { 'Cache-Control': 'private, no-cache' });
  });
}

/** The module script Vite writes into index.html for the app's entry. */
const ENTRY_SCRIPT = /<script type="module" crossorigin src="([^"]+)"><\/script>/;

/** index.html with a page's own head tags (replacing its title and description), boot data and first paint. */
function withParts(html: string, { head, boot, preload = [] }: PageParts, prerendered: (PrerenderedPage & { html: string }) | null, scripts: string[]): string {
  let out = html;
  if (!prerendered && scripts.length > 0) {
    // Not drawn first: the page's own code is fetched beside the entry, not once it has run.
    out = out.replace('</head>', () => `${scripts.map((href) => `<link rel="modulepreload" crossorigin href="${escapeHtml(href)}">`).join('')}</head>`);
  }
  if (head) out = out.replace(/<meta name="description"[^>]*>\s*/, '').replace(/<title>[^<]*<\/title>/, () => head);
  if (preload.length > 0) {
    // `crossorigin` on fetches: the app's fetch() is a CORS-mode request, and a preload is only
    // used by a request of the same mode.
    out = out.replace('</head>', () => `${preload.map(preloadLink).join('')}</head>`);
  }
  if (prerendered) {
    const links = prerendered.styles.map((href) => `<link rel="stylesheet" crossorigin href="${href}">`).join('');
    out = out
      .replace('</head>', () => `${links}</head>`)
      // The app's code starts after the first frame (index.html's loader), with the page's own
      // modules beside it rather than asked for once the entry has run: the page paints without
      // waiting for code that will draw the same page again.
      .replace(ENTRY_SCRIPT, (_tag, entry: string) => {
        const plan = JSON.stringify({ entry, modules: prerendered.scripts ?? [] }).replace(/</g, '\\u003c');
        return `<script id="quire-entry" type="application/json">${plan}</script>`;
      })
      .replace('<div id="root"></div>', () => `<div id="root" data-prerendered inert>${prerendered.html}</div>`);
  }
  if (boot !== undefined) {
    // `<` escaped so no text in it can close the script element.
    const json = JSON.stringify(boot).replace(/</g, '\\u003c');
    out = out.replace('<div id="root"', () => `<script id="quire-boot" type="application/json">${json}</script>\n    <div id="root"`);
  }
  return out;
}

/**
 * `crossorigin` on fetches: the app's fetch() is a CORS-mode request, and a preload is only used
 * by a request of the same mode. An image the page shows first (its largest paint) is asked for
 * first; one shown by `<picture>` names the source the browser will pick.
 */
function preloadLink({ href, as, image }: Preload): string {
  const attrs = [`rel="preload"`, `href="${escapeHtml(href)}"`, `as="${as}"`];
  if (as === 'fetch') attrs.push('crossorigin');
  if (as === 'image') attrs.push('fetchpriority="high"');
  if (image) attrs.push(`imagesrcset="${escapeHtml(image.srcset)}"`, `imagesizes="${escapeHtml(image.sizes)}"`, `type="${image.type}"`);
  return `<link ${attrs.join(' ')}>`;
}
