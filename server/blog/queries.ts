/**
 * Reading posts: the public views (published only, newest first, by tag) and the admin's (every
 * state). Tags come from blog_post_tags in one query per page of posts; covers are the content
 * URLs of the cover files that still exist.
 */
import { sql } from 'kysely';
import { BLOG_PAGE_SIZE, LATEST_POSTS, type BlogPost, type BlogPostCard } from '../../sync/api/blog';
import { ADMIN_BLOG_PAGE_SIZE, type AdminBlogPost, type AdminBlogRow, type BlogFilter } from '../../sync/api/admin-blog';
import { fileContentUrl } from '../../sync/api/files';
import { containsText } from '../db/contains';
import type { AppContext } from '../context';
import type { DB } from '../db/connection';

async function tagsOf(db: DB, postIds: string[]): Promise<Map<string, string[]>> {
  const byPost = new Map<string, string[]>(postIds.map((id) => [id, []]));
  if (postIds.length === 0) return byPost;
  const rows = await db.selectFrom('blogPostTags').select(['postId', 'tag']).where('postId', 'in', postIds).orderBy('postId').orderBy('position').execute();
  for (const r of rows) byPost.get(r.postId)?.push(r.tag);
  return byPost;
}

/** Published posts with what a card shows, newest first. */
function publishedCards(db: DB) {
  return db
    .selectFrom('blogPosts as p')
    .leftJoin('users as u', 'u.id', 'p.authorId')
    .leftJoin('files as f', 'f.id', 'p.coverFileId')
    .select(['p.id', 'p.slug', 'p.title', 'p.excerpt', 'p.publishedAt', 'p.updatedAt', 'u.displayName as authorName', 'f.id as coverId'])
    .where('p.state', '=', 'published')
    .orderBy('p.publishedAt', 'desc')
    .orderBy('p.id', 'desc');
}

type CardRow = { id: string; slug: string; title: string; excerpt: string; publishedAt: number | null; authorName: string | null; coverId: string | null };

function card(row: CardRow, tags: string[]): BlogPostCard {
  return {
    id: row.id,
    slug: row.slug,
    title: row.title,
    excerpt: row.excerpt,
    coverUrl: row.coverId ? fileContentUrl(row.coverId) : null,
    tags,
    authorName: row.authorName ?? 'Quire',
    publishedAt: row.publishedAt ?? 0,
  };
}

async function cards(db: DB, rows: CardRow[]): Promise<BlogPostCard[]> {
  const tags = await tagsOf(
    db,
    rows.map((r) => r.id),
  );
  return rows.map((r) => card(r, tags.get(r.id) ?? []));
}

export async function publishedPosts(ctx: AppContext, tag: string | undefined, page: number) {
  let list = publishedCards(ctx.db);
  let count = ctx.db
    .selectFrom('blogPosts as p')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('p.state', '=', 'published');
  if (tag) {
    const tagged = ctx.db.selectFrom('blogPostTags').select('postId').where('tag', '=', tag);
    list = list.where('p.id', 'in', tagged);
    count = count.where('p.id', 'in', tagged);
  }
  const [rows, total, tags] = await Promise.all([
    list
      .limit(BLOG_PAGE_SIZE)
      .offset((page - 1) * BLOG_PAGE_SIZE)
      .execute(),
    count.executeTakeFirstOrThrow(),
    ctx.db
      .selectFrom('blogPostTags as t')
      .innerJoin('blogPosts as p', 'p.id', 't.postId')
      .select(['t.tag', (eb) => eb.fn.countAll<number>().as('count')])
      .where('p.state', '=', 'published')
      .groupBy('t.tag')
      .orderBy('count', 'desc')
      .orderBy('t.tag')
      .execute(),
  ]);
  return {
    posts: await cards(ctx.db, rows),
    total: Number(total.n),
    page,
    pageSize: BLOG_PAGE_SIZE,
    tags: tags.map((t) => ({ tag: t.tag, count: Number(t.count) })),
  };
}

export async function latestPosts(ctx: AppContext, limit = LATEST_POSTS): Promise<BlogPostCard[]> {
  return cards(ctx.db, await publishedCards(ctx.db).limit(limit).execute());
}

/** The post at a current or old slug, when it is published. */
export async function publishedPost(ctx: AppContext, slug: string): Promise<BlogPost | null> {
  const base = publishedCards(ctx.db).select('p.bodyHtml');
  let row = await base.where('p.slug', '=', slug).executeTakeFirst();
  if (!row) {
    const old = await ctx.db.selectFrom('blogOldSlugs').select('postId').where('slug', '=', slug).executeTakeFirst();
    if (old) row = await base.where('p.id', '=', old.postId).executeTakeFirst();
  }
  if (!row) return null;
  const tags = await tagsOf(ctx.db, [row.id]);
  return { ...card(row, tags.get(row.id) ?? []), bodyHtml: row.bodyHtml, updatedAt: row.updatedAt };
}

/** The current slug of a published post that `slug` used to name; null when it names none (or is current). */
export async function movedSlug(ctx: AppContext, slug: string): Promise<string | null> {
  const row = await ctx.db
    .selectFrom('blogOldSlugs as o')
    .innerJoin('blogPosts as p', 'p.id', 'o.postId')
    .select('p.slug')
    .where('o.slug', '=', slug)
    .where('p.state', '=', 'published')
    .executeTakeFirst();
  return row?.slug ?? null;
}

interface FeedPost extends BlogPost {
  /** The cover's media type and size, for the feeds' enclosures. */
  cover: { url: string; type: string; length: number } | null;
}

/** The newest published posts, whole, for the feeds. */
export async function feedPosts(ctx: AppContext, limit: number): Promise<FeedPost[]> {
  const rows = await publishedCards(ctx.db).select(['p.bodyHtml', 'f.mediaType as coverType', 'f.size as coverSize']).limit(limit).execute();
  const tags = await tagsOf(
    ctx.db,
    rows.map((r) => r.id),
  );
  return rows.map((r) => {
    const post = card(r, tags.get(r.id) ?? []);
    const cover = post.coverUrl ? { url: post.coverUrl, type: r.coverType ?? 'image/jpeg', length: r.coverSize ?? 0 } : null;
    return { ...post, bodyHtml: r.bodyHtml, updatedAt: r.updatedAt, cover };
  });
}

/** Slugs and last changes of every published post, for the sitemap. */
export async function sitemapPosts(ctx: AppContext) {
  return ctx.db.selectFrom('blogPosts').select(['slug', 'updatedAt']).where('state', '=', 'published').orderBy('publishedAt', 'desc').execute();
}

// ---------- the admin's views ----------

function adminRows(db: DB) {
  return db
    .selectFrom('blogPosts as p')
    .leftJoin('users as u', 'u.id', 'p.authorId')
    .select(['p.id', 'p.slug', 'p.title', 'p.state', 'p.scheduledAt', 'p.publishedAt', 'p.updatedAt', 'u.displayName as authorName']);
}

export async function adminPosts(ctx: AppContext, filter: BlogFilter, q: string, page: number) {
  let list = adminRows(ctx.db).orderBy('p.updatedAt', 'desc').orderBy('p.id');
  let count = ctx.db.selectFrom('blogPosts as p').select((eb) => eb.fn.countAll<number>().as('n'));
  if (filter !== 'all') {
    list = list.where('p.state', '=', filter);
    count = count.where('p.state', '=', filter);
  }
  const text = q.trim();
  if (text) {
    const matches = sql<boolean>`(${containsText('p.title', text)} OR ${containsText('p.slug', text)})`;
    list = list.where(matches);
    count = count.where(matches);
  }
  const [rows, total, states] = await Promise.all([
    list
      .limit(ADMIN_BLOG_PAGE_SIZE)
      .offset((page - 1) * ADMIN_BLOG_PAGE_SIZE)
      .execute(),
    count.executeTakeFirstOrThrow(),
    ctx.db
      .selectFrom('blogPosts')
      .select(['state', (eb) => eb.fn.countAll<number>().as('n')])
      .groupBy('state')
      .execute(),
  ]);
  const counts = { all: 0, draft: 0, scheduled: 0, published: 0 };
  for (const s of states) {
    counts[s.state] = Number(s.n);
    counts.all += Number(s.n);
  }
  const tags = await tagsOf(
    ctx.db,
    rows.map((r) => r.id),
  );
  const posts: AdminBlogRow[] = rows.map((r) => ({ ...r, authorName: r.authorName ?? 'A deleted account', tags: tags.get(r.id) ?? [] }));
  return { posts, total: Number(total.n), page, pageSize: ADMIN_BLOG_PAGE_SIZE, counts };
}

export async function adminPost(db: DB, id: string): Promise<AdminBlogPost | null> {
  const row = await adminRows(db)
    .leftJoin('files as f', 'f.id', 'p.coverFileId')
    .select(['p.excerpt', 'p.bodyHtml', 'p.createdAt', 'f.id as coverId'])
    .where('p.id', '=', id)
    .executeTakeFirst();
  if (!row) return null;
  const [tags, old] = await Promise.all([
    tagsOf(db, [id]),
    db.selectFrom('blogOldSlugs').select('slug').where('postId', '=', id).orderBy('retiredAt', 'desc').execute(),
  ]);
  const { coverId, ...rest } = row;
  return {
    ...rest,
    authorName: row.authorName ?? 'A deleted account',
    tags: tags.get(id) ?? [],
    coverFileId: coverId,
    coverUrl: coverId ? fileContentUrl(coverId) : null,
    oldSlugs: old.map((o) => o.slug),
  };
}
