/**
 * Serves the built client: hashed assets cached forever, everything else revalidated, and any
 * other GET that wants HTML gets index.html so the client router can take it (including its
 * not-found page). The build writes `.br` and `.gz` beside each compressible file (vite.config.ts);
 * the smallest one the browser accepts is sent, and every file answer says it varies by encoding.
 */
import fs from 'node:fs';
import path from 'node:path';
import { serveStatic } from '@hono/node-server/serve-static';
import type { Hono } from 'hono';
import type { AppEnv } from './context';

/** `headFor`: the `<head>` tags a page path gets instead of index.html's own title and description (store pages). */
export function mountClient(app: Hono<AppEnv>, clientDir: string, headFor?: (pathname: string) => Promise<string | null>) {
  const root = path.relative(process.cwd(), clientDir) || '.';
  const indexFile = path.join(clientDir, 'index.html');
  app.use('/assets/*', async (c, next) => {
    await next();
    if (c.res.status === 200) c.header('Cache-Control', 'public, max-age=31536000, immutable');
  });
  app.use('*', async (c, next) => {
    await next();
    if (!c.res.headers.has('Cache-Control')) c.header('Cache-Control', 'no-cache');
  });
  app.get(
    '*',
    serveStatic({
      root,
      precompressed: true,
      // serveStatic adds Vary only when it sends a compressed file; caches must know that the
      // plain answer varies too.
      onFound: (_path, c) => {
        if (!c.res.headers.has('Vary')) c.header('Vary', 'Accept-Encoding');
      },
    }),
  );
  app.get('*', async (c) => {
    if (!fs.existsSync(indexFile)) {
      return c.text('The client is not built. Run `npm run build` (npm start does it for you).', 503);
    }
    // /auth/callback?code=… and /auth/reset-password?token=… carry one-time secrets in the URL.
    if (c.req.path.startsWith('/auth/')) c.header('Referrer-Policy', 'no-referrer');
    const html = await fs.promises.readFile(indexFile, 'utf8');
    const head = headFor ? await headFor(c.req.path) : null;
    return c.html(head ? withHead(html, head) : html);
  });
}

/** index.html with its <title> and description meta replaced by a page's own head tags. */
function withHead(html: string, head: string): string {
  return html.replace(/<meta name="description"[^>]*>\s*/, '').replace(/<title>[^<]*<\/title>/, () => head);
}
