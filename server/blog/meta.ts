/**
 * What crawlers and link previews read of the blog (they run no JavaScript), rendered by the
 * store pages' head path (server/site/store-meta.ts): /blog as a Blog, /blog/{slug} as a
 * BlogPosting with its title, description, cover, canonical URL and dates. An old slug's page is
 * answered with a 301 before it gets here (pageRoutes below).
 */
import { Hono } from 'hono';
import type { AppContext, AppEnv } from '../context';
import { getSiteSettings } from '../site/settings';
import { escapeHtml } from '../../sync/text/escape-html';
import { renderHead, type Head } from '../site/store-meta';
import { ATOM_PATH, atomFeed, postSummary, postUrl, RSS_PATH, rssFeed } from './feeds';
import { movedSlug, publishedPost } from './queries';

const POST_PATH = /^\/blog\/([^/]+)\/?$/;

function feedLinks(base: string, name: string): string {
  const siteName = escapeHtml(name);
  return [
    `<link rel="alternate" type="application/rss+xml" title="${siteName} blog (RSS)" href="${base}${RSS_PATH}" />`,
    `<link rel="alternate" type="application/atom+xml" title="${siteName} blog (Atom)" href="${base}${ATOM_PATH}" />`,
  ].join('\n    ');
}

async function postHead(ctx: AppContext, base: string, slug: string): Promise<Head | null> {
  const post = await publishedPost(ctx, slug);
  if (!post) return null;
  const url = postUrl(base, post.slug);
  const image = post.coverUrl ? `${base}${post.coverUrl}` : null;
  const description = postSummary(post, 200);
  return {
    title: `${post.title} · Quire blog`,
    description,
    url,
    image,
    type: 'article',
    jsonLd: {
      '@context': 'https://schema.org',
      '@type': 'BlogPosting',
      headline: post.title,
      description,
      url,
      mainEntityOfPage: url,
      ...(image ? { image } : {}),
      datePublished: new Date(post.publishedAt).toISOString(),
      dateModified: new Date(post.updatedAt).toISOString(),
      author: { '@type': 'Person', name: post.authorName },
      publisher: { '@type': 'Organization', name: 'Quire', url: base },
      ...(post.tags.length ? { keywords: post.tags.join(', ') } : {}),
    },
  };
}

function blogHead(base: string, siteName: string): Head {
  const url = `${base}/blog`;
  return {
    title: `Blog · ${siteName}`,
    description: `News, writing advice and reading notes from ${siteName}.`,
    url,
    type: 'website',
    jsonLd: { '@context': 'https://schema.org', '@type': 'Blog', name: `${siteName} blog`, url },
  };
}

/** The head for a blog page path, or null when the path is not one (or names no published post). */
export async function blogHeadFor(ctx: AppContext, base: string, pathname: string): Promise<string | null> {
  const isIndex = pathname === '/blog' || pathname === '/blog/';
  const post = isIndex ? null : POST_PATH.exec(pathname);
  if (!isIndex && !post) return null;
  const { siteName } = await getSiteSettings(ctx.db);
  let slug: string;
  try {
    slug = post ? decodeURIComponent(post[1]!) : '';
  } catch {
    return null;
  }
  const head = isIndex ? blogHead(base, siteName) : await postHead(ctx, base, slug);
  return head ? `${renderHead(head)}\n    ${feedLinks(base, siteName)}` : null;
}

/** The feeds, and the 301 from an old slug's page to the current one. */
export function blogPageRoutes(ctx: AppContext) {
  const router = new Hono<AppEnv>();
  const base = ctx.config.publicUrl;
  const xml = (type: string) => ({ 'content-type': `${type}; charset=utf-8`, 'cache-control': 'public, max-age=300' });
  router.get(RSS_PATH, async (c) => c.body(await rssFeed(ctx, base), 200, xml('application/rss+xml')));
  router.get(ATOM_PATH, async (c) => c.body(await atomFeed(ctx, base), 200, xml('application/atom+xml')));
  router.get('/blog/:slug', async (c, next) => {
    const current = await movedSlug(ctx, c.req.param('slug'));
    if (!current) return next();
    return c.redirect(`/blog/${encodeURIComponent(current)}`, 301);
  });
  return router;
}
