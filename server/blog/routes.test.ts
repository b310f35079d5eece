/**
 * The blog's API and pages against a real SQLite file: writing is for admins only; slugs are
 * unique and an old one leads (301) to the current; a scheduled post is published by its job at
 * its time (the test's clock); drafts are 404 to the public; bodies are stored sanitised; the
 * feeds parse with a real feed parser; every write is audited.
 */
import { parseFeed } from '@rowanmanning/feed-parser';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as admin from '../../sync/api/admin-blog';
import * as api from '../../sync/api/blog';
import { uploadFile } from '../../sync/api/files';
import { buildAdmin, buildSignedInUser } from '../admin/test-helpers';
import { PNG_1x1 } from '../files/test-files';
import { blogHeadFor } from './meta';
import { answerOf, buildTestContext, errorOf, type TestContext } from '../test/test-context';

let t: TestContext;
let adminCookie: string;
let readerCookie: string;
let authorCookie: string;
let counter = 0;

const HOUR = 60 * 60 * 1000;
const FILE_IMAGE = '/api/files/abcdefghijklmnopqrstuvwx/content';

function input(overrides: Partial<admin.BlogPostInputValue> = {}): admin.BlogPostInputValue {
  const n = ++counter;
  return {
    title: `Post number ${n}`,
    slug: `post-number-${n}-${Date.now().toString(36)}`,
    excerpt: 'A short note from the team.',
    bodyHtml: '<p>Hello, readers.</p>',
    coverFileId: null,
    tags: ['news'],
    state: 'published',
    scheduledAt: null,
    ...overrides,
  };
}

async function create(body: admin.BlogPostInputValue, cookie = adminCookie) {
  return t.request('/api/admin/blog/posts', { method: 'POST', cookie, json: body });
}

async function created(body: admin.BlogPostInputValue) {
  const res = await create(body);
  expect(res.status, await res.clone().text()).toBe(201);
  return (await answerOf(res, admin.createBlogPost)).post;
}

async function save(id: string, body: admin.BlogPostInputValue) {
  return t.request(`/api/admin/blog/posts/${id}`, { method: 'PUT', cookie: adminCookie, json: body });
}

beforeAll(async () => {
  t = await buildTestContext();
  adminCookie = (await buildAdmin(t.ctx, { displayName: 'Alex Admin' })).cookie;
  readerCookie = (await buildSignedInUser(t.ctx)).cookie;
  authorCookie = (await buildSignedInUser(t.ctx, { roles: ['author'] })).cookie;
});
afterAll(async () => {
  await t.close();
});

describe('who may write', () => {
  it('refuses visitors, readers and authors', async () => {
    expect((await create(input(), '')).status).toBe(401);
    expect((await create(input(), readerCookie)).status).toBe(403);
    expect((await create(input(), authorCookie)).status).toBe(403);
    expect((await t.request('/api/admin/blog/posts', { cookie: readerCookie })).status).toBe(403);
    const post = await created(input());
    const edit = await t.request(`/api/admin/blog/posts/${post.id}`, { method: 'PUT', cookie: authorCookie, json: input({ slug: post.slug }) });
    expect(edit.status).toBe(403);
    expect((await t.request(`/api/admin/blog/posts/${post.id}`, { method: 'DELETE', cookie: readerCookie })).status).toBe(403);
  });

  it('takes the author from the session and audits the write', async () => {
    const post = await created(input({ title: 'Audited post' }));
    expect(post.authorName).toBe('Alex Admin');
    const entry = await t.ctx.db.selectFrom('auditLog').selectAll().where('targetId', '=', post.id).executeTakeFirstOrThrow();
    expect(entry.action).toBe('blog_post.published');
    expect(entry.targetType).toBe('blog_post');
    expect(entry.actorLabel).not.toBe('system');
  });

  it('answers a broken form with field messages', async () => {
    const res = await create(input({ title: ' ', slug: 'Not A Slug' }));
    expect(res.status).toBe(422);
    const error = await errorOf(res);
    expect(error.fields?.title).toBe('Give the post a title.');
    expect(error.fields?.slug).toMatch(/lower-case/);
  });

  it('only takes a cover from the writer’s own image files', async () => {
    const other = await buildAdmin(t.ctx);
    const upload = await t.request('/api/files?name=cover.png', { method: 'POST', cookie: other.cookie, body: PNG_1x1 });
    expect(upload.status).toBe(201);
    const { file } = await answerOf(upload, uploadFile);
    const refused = await create(input({ coverFileId: file.id }));
    expect(refused.status).toBe(422);
    expect((await errorOf(refused)).fields?.coverFileId).toBeDefined();
    const mine = await answerOf(await t.request('/api/files?name=mine.png', { method: 'POST', cookie: adminCookie, body: PNG_1x1 }), uploadFile);
    const post = await created(input({ coverFileId: mine.file.id }));
    expect(post.coverUrl).toBe(mine.file.url);
  });
});

describe('slugs', () => {
  it('refuses a slug another post holds, now or as an old address', async () => {
    const first = await created(input({ slug: 'unique-slug-test' }));
    const again = await create(input({ slug: 'unique-slug-test' }));
    expect(again.status).toBe(409);
    expect((await errorOf(again)).fields?.slug).toMatch(/Another post uses/);
    const renamed = await save(first.id, input({ slug: 'unique-slug-test-renamed' }));
    expect(renamed.status).toBe(200);
    expect((await create(input({ slug: 'unique-slug-test' }))).status).toBe(409);
  });

  it('leads an old slug to the current one: the API answers the post, the page answers 301', async () => {
    const post = await created(input({ slug: 'before-the-rename', title: 'Renamed post' }));
    const res = await save(post.id, input({ slug: 'after-the-rename', title: 'Renamed post' }));
    const saved = (await answerOf(res, admin.saveBlogPost)).post;
    expect(saved.oldSlugs).toEqual(['before-the-rename']);

    const byOld = await answerOf(await t.request('/api/blog/posts/before-the-rename'), api.getBlogPost);
    expect(byOld.slug).toBe('after-the-rename');
    const page = await t.request('/blog/before-the-rename', { redirect: 'manual' });
    expect(page.status).toBe(301);
    expect(page.headers.get('location')).toBe('/blog/after-the-rename');
    expect((await t.request('/blog/after-the-rename', { redirect: 'manual' })).status).not.toBe(301);
  });

  it('lets a post take back its own old slug', async () => {
    const post = await created(input({ slug: 'round-trip-a' }));
    await save(post.id, input({ slug: 'round-trip-b' }));
    const back = await answerOf(await save(post.id, input({ slug: 'round-trip-a' })), admin.saveBlogPost);
    expect(back.post.slug).toBe('round-trip-a');
    expect(back.post.oldSlugs).toEqual(['round-trip-b']);
  });
});

describe('states', () => {
  it('keeps drafts and scheduled posts from the public', async () => {
    const draft = await created(input({ state: 'draft', slug: 'a-draft-post' }));
    const scheduled = await created(input({ state: 'scheduled', scheduledAt: t.ctx.now() + HOUR, slug: 'a-scheduled-post' }));
    expect(draft.state).toBe('draft');
    expect(scheduled.state).toBe('scheduled');
    for (const slug of ['a-draft-post', 'a-scheduled-post']) {
      expect((await t.request(`/api/blog/posts/${slug}`)).status).toBe(404);
      expect((await t.request(`/api/blog/posts/${slug}`, { cookie: readerCookie })).status).toBe(404);
    }
    const list = await answerOf(await t.request('/api/blog/posts?page=1'), api.listBlogPosts);
    expect(list.posts.map((p) => p.slug)).not.toContain('a-draft-post');
    expect(list.posts.map((p) => p.slug)).not.toContain('a-scheduled-post');
    expect(await blogHeadFor(t.ctx, 'https://quire.example', '/blog/a-draft-post')).toBeNull();
  });

  it('refuses to schedule in the past or without a time', async () => {
    const past = await create(input({ state: 'scheduled', scheduledAt: t.ctx.now() - 1000 }));
    expect(past.status).toBe(422);
    expect((await errorOf(past)).fields?.scheduledAt).toMatch(/future/);
    expect((await create(input({ state: 'scheduled', scheduledAt: null }))).status).toBe(422);
  });

  it('publishes a scheduled post at its time, through the job queue', async () => {
    const at = t.ctx.now() + 2 * HOUR;
    const post = await created(input({ state: 'scheduled', scheduledAt: at, slug: 'goes-out-later' }));
    await t.worker.drain();
    expect((await t.request('/api/blog/posts/goes-out-later')).status).toBe(404);

    t.advance(2 * HOUR + 1000);
    await t.worker.drain();
    const published = await answerOf(await t.request('/api/blog/posts/goes-out-later'), api.getBlogPost);
    expect(published.publishedAt).toBe(at);
    const audit = await t.ctx.db
      .selectFrom('auditLog')
      .select(['action', 'actorLabel'])
      .where('targetId', '=', post.id)
      .orderBy('id', 'desc')
      .executeTakeFirstOrThrow();
    expect(audit).toEqual({ action: 'blog_post.published', actorLabel: 'system' });
  });

  it('leaves a post alone when its schedule changed before the job ran', async () => {
    const post = await created(input({ state: 'scheduled', scheduledAt: t.ctx.now() + HOUR, slug: 'changed-its-mind' }));
    await save(post.id, input({ state: 'draft', slug: 'changed-its-mind' }));
    t.advance(HOUR + 1000);
    await t.worker.drain();
    expect((await t.request('/api/blog/posts/changed-its-mind')).status).toBe(404);
    const dead = await t.ctx.db.selectFrom('jobs').select('state').where('kind', '=', 'blog.publish').where('state', '=', 'dead').execute();
    expect(dead).toEqual([]);
  });

  it('removes a deleted post from the public', async () => {
    const post = await created(input({ slug: 'soon-deleted' }));
    const res = await t.request(`/api/admin/blog/posts/${post.id}`, { method: 'DELETE', cookie: adminCookie });
    expect(res.status).toBe(204);
    expect((await t.request('/api/blog/posts/soon-deleted')).status).toBe(404);
  });
});

describe('sanitising', () => {
  it('stores the body without scripts or event handlers', async () => {
    const post = await created(
      input({
        slug: 'tries-a-script',
        bodyHtml:
          '<p onclick="alert(1)">Safe words<script>alert(2)</script></p><img src="https://evil.test/x.png" onerror="alert(3)"><a href="javascript:alert(4)">x</a>',
      }),
    );
    const stored = await t.ctx.db.selectFrom('blogPosts').select('bodyHtml').where('id', '=', post.id).executeTakeFirstOrThrow();
    expect(stored.bodyHtml).toContain('Safe words');
    expect(stored.bodyHtml).not.toMatch(/script|onclick|onerror|javascript:|evil\.test|alert/);
    const preview = await t.request('/api/admin/blog/preview', {
      method: 'POST',
      cookie: adminCookie,
      json: { bodyHtml: '<p onmouseover="x()">Hi</p><script>1</script>' },
    });
    expect((await answerOf(preview, admin.previewBlogPost)).html).toBe('<p>Hi</p>');
  });
});

describe('reading', () => {
  it('lists published posts newest first, by tag, in pages', async () => {
    for (let i = 0; i < api.BLOG_PAGE_SIZE + 1; i++) {
      t.advance(1000);
      await created(input({ tags: ['paging', 'Product News'], slug: `paged-${i}` }));
    }
    const first = await answerOf(await t.request('/api/blog/posts?tag=paging'), api.listBlogPosts);
    expect(first.total).toBe(api.BLOG_PAGE_SIZE + 1);
    expect(first.posts).toHaveLength(api.BLOG_PAGE_SIZE);
    expect(first.posts[0]!.slug).toBe(`paged-${api.BLOG_PAGE_SIZE}`);
    expect(first.posts[0]!.tags).toEqual(['paging', 'product news']);
    expect(first.tags.find((x) => x.tag === 'paging')?.count).toBe(api.BLOG_PAGE_SIZE + 1);
    const second = await answerOf(await t.request('/api/blog/posts?tag=paging&page=2'), api.listBlogPosts);
    expect(second.posts.map((p) => p.slug)).toEqual(['paged-0']);
    const latest = await answerOf(await t.request('/api/blog/latest'), api.latestBlogPosts);
    expect(latest.posts.map((p) => p.slug)).toEqual([`paged-${api.BLOG_PAGE_SIZE}`, `paged-${api.BLOG_PAGE_SIZE - 1}`, `paged-${api.BLOG_PAGE_SIZE - 2}`]);
  });

  it('filters the admin list by state and words', async () => {
    await created(input({ state: 'draft', title: 'Zebra crossing draft', slug: 'zebra-crossing-draft' }));
    const drafts = await answerOf(await t.request('/api/admin/blog/posts?state=draft&q=zebra', { cookie: adminCookie }), admin.listAdminBlogPosts);
    expect(drafts.posts.map((p) => p.slug)).toEqual(['zebra-crossing-draft']);
    expect(drafts.counts.draft).toBeGreaterThanOrEqual(1);
    expect(drafts.counts.all).toBe(drafts.counts.draft + drafts.counts.scheduled + drafts.counts.published);
  });

  it('renders the post page’s head: title, description, Open Graph, canonical URL, BlogPosting', async () => {
    await created(input({ slug: 'head-tags', title: 'Tags & <heads>', excerpt: 'What crawlers read.' }));
    const head = (await blogHeadFor(t.ctx, 'https://quire.example', '/blog/head-tags'))!;
    expect(head).toContain('<title>Tags &amp; &lt;heads&gt; · Quire blog</title>');
    expect(head).toContain('<meta name="description" content="What crawlers read." />');
    expect(head).toContain('<meta property="og:type" content="article" />');
    expect(head).toContain('<link rel="canonical" href="https://quire.example/blog/head-tags" />');
    expect(head).toContain('type="application/rss+xml"');
    const jsonLd = JSON.parse(/<script type="application\/ld\+json">(.*)<\/script>/.exec(head)![1]!) as Record<string, unknown>;
    expect(jsonLd['@type']).toBe('BlogPosting');
    expect(jsonLd.headline).toBe('Tags & <heads>');
    expect(head).not.toContain('<heads>');
  });
});

describe('feeds', () => {
  it('serves RSS 2.0 and Atom that a feed parser reads, newest first, without drafts', async () => {
    await created(input({ slug: 'feed-draft', state: 'draft', title: 'Not in the feed' }));
    t.advance(1000);
    await created(
      input({
        slug: 'in-the-feed',
        title: 'In the feed',
        bodyHtml: `<p>Read <a href="https://quire.test/store">the store</a>.</p><img src="${FILE_IMAGE}" alt="A map">`,
        tags: ['feeds'],
      }),
    );
    for (const [path, type] of [
      ['/blog/rss.xml', 'application/rss+xml'],
      ['/blog/atom.xml', 'application/atom+xml'],
    ] as const) {
      const res = await t.request(path);
      expect(res.status).toBe(200);
      expect(res.headers.get('content-type')).toContain(type);
      const feed = parseFeed(await res.text());
      expect(feed.title).toBe('Quire blog');
      const first = feed.items[0]!;
      expect(first.title).toBe('In the feed');
      expect(first.url).toBe('http://quire.test/blog/in-the-feed');
      // Feed readers fetch from elsewhere: the body's file images are absolute.
      expect(first.content).toContain(`src="http://quire.test${FILE_IMAGE}"`);
      expect(first.categories.map((c) => c.term)).toContain('feeds');
      expect(feed.items.map((i) => i.title)).not.toContain('Not in the feed');
    }
  });
});
