import { Hono } from 'hono';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { HomeBooksResponse } from '../../sync/api/books';
import type { AppEnv } from '../context';
import { seedDemo } from '../seed/seed-demo';
import { buildTestContext, type TestContext } from '../test/test-context';
import { bookRoutes } from './routes';

let t: TestContext;
beforeEach(async () => {
  t = await buildTestContext();
  vi.spyOn(console, 'log').mockImplementation(() => {});
  await seedDemo(t.ctx);
});
afterEach(async () => {
  vi.restoreAllMocks();
  await t.close();
});

describe('GET /api/books/home', () => {
  it('returns featured and new-release cards of published books only', async () => {
    const draft = await t.ctx.db.selectFrom('books').select(['id']).where('slug', '=', 'small-weathers').executeTakeFirstOrThrow();
    await t.ctx.db.updateTable('books').set({ status: 'draft' }).where('id', '=', draft.id).execute();

    const res = await t.request('/api/books/home');
    expect(res.status).toBe(200);
    const body = (await res.json()) as HomeBooksResponse;
    expect(body.featured.length).toBeGreaterThan(0);
    expect(body.newReleases.length).toBe(12);
    const all = [...body.featured, ...body.newReleases];
    expect(all.some((b) => b.id === draft.id)).toBe(false);
    const card = body.newReleases[0]!;
    expect(Object.keys(card).sort()).toEqual(['authors', 'coverUrl', 'currency', 'id', 'priceCents', 'slug', 'subtitle', 'title']);
    expect(card.authors.length).toBeGreaterThan(0);
    expect(card.coverUrl).toMatch(/^\/api\/books\/[^/]+\/cover\?v=[0-9a-f]{12}$/);
    // Newest first.
    const newest = await t.ctx.db
      .selectFrom('books')
      .select('slug')
      .where('status', '=', 'published')
      .orderBy('publishedAt', 'desc')
      .orderBy('id')
      .limit(12)
      .execute();
    expect(body.newReleases.map((b) => b.slug)).toEqual(newest.map((b) => b.slug));
  });

  it('lists editors as contributors but not as authors', async () => {
    const body = (await (await t.request('/api/books/home')).json()) as HomeBooksResponse;
    const poems = body.featured.find((b) => b.slug === 'small-weathers')!;
    expect(poems.authors).not.toContain('Ada Author');
    expect(poems.authors).toHaveLength(3);
  });
});

describe('GET /api/books/:id/cover', () => {
  it('serves the cover bytes with their media type and the blob hash as ETag', async () => {
    const body = (await (await t.request('/api/books/home')).json()) as HomeBooksResponse;
    const res = await t.request(body.featured[0]!.coverUrl!);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('image/svg+xml');
    expect(res.headers.get('etag')).toMatch(/^"[0-9a-f]{64}"$/);
    expect(await res.text()).toContain('<svg');

    const again = await t.request(body.featured[0]!.coverUrl!, { headers: { 'if-none-match': res.headers.get('etag')! } });
    expect(again.status).toBe(304);
  });

  it('sends a long cache header (checked on the router alone: the app may add its own)', async () => {
    const app = new Hono<AppEnv>().route('/api/books', bookRoutes(t.ctx));
    const book = await t.ctx.db.selectFrom('books').select('id').executeTakeFirstOrThrow();
    const res = await app.request(`/api/books/${book.id}/cover`);
    expect(res.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
  });

  it('answers 404 JSON for an unknown book, a book without a cover, or an unpublished one', async () => {
    const unknown = await t.request('/api/books/nope/cover');
    expect(unknown.status).toBe(404);
    expect(await unknown.json()).toMatchObject({ error: { code: 'not_found' } });

    const book = await t.ctx.db.selectFrom('books').select('id').executeTakeFirstOrThrow();
    await t.ctx.db.updateTable('books').set({ status: 'draft' }).where('id', '=', book.id).execute();
    expect((await t.request(`/api/books/${book.id}/cover`)).status).toBe(404);
    await t.ctx.db.updateTable('books').set({ status: 'published', coverPath: null }).where('id', '=', book.id).execute();
    expect((await t.request(`/api/books/${book.id}/cover`)).status).toBe(404);
    expect((await t.request(`/api/books/${'x'.repeat(500)}/cover`)).status).toBe(404);
  });
});
