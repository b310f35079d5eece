/**
 * /blog/rss.xml (RSS 2.0) and /blog/atom.xml: the newest published posts, whole, written by the
 * `feed` package. Feed readers fetch from elsewhere, so every URL in them is absolute, the images
 * in a body included.
 */
import { Feed } from 'feed';
import type { BlogPost } from '../../sync/api/blog';
import type { AppContext } from '../context';
import { getSiteSettings } from '../site/settings';
import { feedPosts } from './queries';
import { bodyText } from './sanitize';

const FEED_SIZE = 20;
export const RSS_PATH = '/blog/rss.xml';
export const ATOM_PATH = '/blog/atom.xml';

/** Root-relative src and href attributes (the body's file images, its own links) made absolute. */
function absolute(html: string, base: string): string {
  return html.replace(/\b(src|href)="\/(?!\/)/g, `$1="${base}/`);
}

export function postUrl(base: string, slug: string): string {
  return `${base}/blog/${encodeURIComponent(slug)}`;
}

/** The excerpt, or the first words of the body when the post has none. */
export function postSummary(post: Pick<BlogPost, 'excerpt' | 'bodyHtml'>, max = 300): string {
  const text = post.excerpt.trim() || bodyText(post.bodyHtml);
  return text.length > max ? `${text.slice(0, max - 1).trimEnd()}…` : text;
}

async function buildFeed(ctx: AppContext, base: string): Promise<Feed> {
  const [posts, settings] = await Promise.all([feedPosts(ctx, FEED_SIZE), getSiteSettings(ctx.db)]);
  const newest = posts[0];
  const feed = new Feed({
    title: `${settings.siteName} blog`,
    description: `News, writing advice and reading notes from ${settings.siteName}.`,
    id: `${base}/blog`,
    link: `${base}/blog`,
    language: 'en',
    updated: new Date(newest ? Math.max(...posts.map((p) => p.updatedAt)) : 0),
    generator: false,
    feedLinks: { rss: `${base}${RSS_PATH}`, atom: `${base}${ATOM_PATH}` },
    copyright: `© ${settings.siteName}`,
  });
  for (const post of posts) {
    const url = postUrl(base, post.slug);
    feed.addItem({
      title: post.title,
      id: url,
      link: url,
      date: new Date(post.updatedAt),
      published: new Date(post.publishedAt),
      description: postSummary(post),
      content: absolute(post.bodyHtml, base),
      author: [{ name: post.authorName }],
      category: post.tags.map((tag) => ({ name: tag, term: tag })),
      ...(post.cover ? { image: { url: `${base}${post.cover.url}`, type: post.cover.type, length: post.cover.length } } : {}),
    });
  }
  return feed;
}

export async function rssFeed(ctx: AppContext, base: string): Promise<string> {
  return (await buildFeed(ctx, base)).rss2();
}

export async function atomFeed(ctx: AppContext, base: string): Promise<string> {
  return (await buildFeed(ctx, base)).atom1();
}
