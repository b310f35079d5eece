/** Server-rendered head tags of store pages and the sitemap, through the real client mount. */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { buildUser } from '../admin/test-helpers';
import { mountClient } from '../static';
import { saveStoreBook } from '../store/test-books';
import { buildTestContext, type TestContext } from '../test/test-context';
import { sitemap, storeHeadFor } from './store-meta';

const BASE = 'https://quire.example';
let t: TestContext;
let clientDir: string;
beforeEach(async () => {
  t = await buildTestContext();
  clientDir = fs.mkdtempSync(path.join(os.tmpdir(), 'quire-client-'));
  fs.writeFileSync(
    path.join(clientDir, 'index.html'),
    '<!doctype html><html><head><meta name="description" content="Quire default" />\n<title>Quire</title></head><body></body></html>',
  );
  mountClient(t.app, clientDir, { parts: async (c) => ({ head: await storeHeadFor(t.ctx, BASE, c.req.path) }) });
});
afterEach(async () => {
  await t.close();
  fs.rmSync(clientDir, { recursive: true, force: true });
});

function jsonLdOf(html: string): Record<string, unknown> {
  const match = /<script type="application\/ld\+json">(.*?)<\/script>/s.exec(html);
  return JSON.parse(match![1]!) as Record<string, unknown>;
}

describe('store page heads', () => {
  it('gives a book page its title, description, Open Graph tags and Book/Offer JSON-LD', async () => {
    const author = await buildUser(t.ctx, { roles: ['author'] });
    const id = await saveStoreBook(t, {
      title: 'The Salt Orchard',
      authors: ['Nell Finch'],
      authorUserId: author.id,
      description: 'A family & an orchard.',
      priceCents: 1299,
      isbn: '9780306406157',
    });
    const html = await (await t.request(`/book/${id}`)).text();
    expect(html).toContain('<title>The Salt Orchard by Nell Finch · Quire</title>');
    expect(html).toContain('<meta name="description" content="A family &amp; an orchard." />');
    expect(html).not.toContain('Quire default');
    expect(html).toContain(`<meta property="og:url" content="${BASE}/book/${id}" />`);
    expect(html).toContain('<meta property="og:type" content="book" />');
    expect(jsonLdOf(html)).toMatchObject({
      '@type': 'Book',
      name: 'The Salt Orchard',
      isbn: '9780306406157',
      author: [{ '@type': 'Person', name: 'Nell Finch', url: `${BASE}/author/${author.id}` }],
      offers: { '@type': 'Offer', price: '12.99', priceCurrency: 'USD' },
    });
  });

  it('escapes what a publisher typed, so no title can close the script or a tag', async () => {
    const id = await saveStoreBook(t, { title: 'Evil </script><script>alert(1)</script> "q"', description: '<img src=x onerror=alert(1)>' });
    const html = await (await t.request(`/book/${id}`)).text();
    expect(html).not.toContain('<script>alert(1)');
    expect(html).not.toContain('<img src=x');
    expect(jsonLdOf(html).name).toBe('Evil </script><script>alert(1)</script> "q"');
  });

  it('gives authors and the store front their own heads; other pages and hidden books keep the default', async () => {
    const author = await buildUser(t.ctx, { roles: ['author'], displayName: 'Nell Finch' });
    await saveStoreBook(t, { title: 'Book', authorUserId: author.id });
    const draft = await saveStoreBook(t, { title: 'Secret Draft', status: 'draft' });
    expect(await (await t.request(`/author/${author.id}`)).text()).toContain('<title>Nell Finch · Quire</title>');
    expect(jsonLdOf(await (await t.request('/store')).text())).toMatchObject({ '@type': 'CollectionPage' });
    const hidden = await (await t.request(`/book/${draft}`)).text();
    expect(hidden).toContain('<title>Quire</title>');
    expect(hidden).not.toContain('Secret Draft');
    expect(await (await t.request('/books')).text()).toContain('<title>Quire</title>');
  });
});

describe('sitemap', () => {
  it('lists the store, every store book and every author page, but no draft', async () => {
    const author = await buildUser(t.ctx, { roles: ['author'] });
    const id = await saveStoreBook(t, { title: 'Listed', authorUserId: author.id });
    const draft = await saveStoreBook(t, { title: 'Draft', status: 'draft' });
    const xml = await sitemap(t.ctx, BASE);
    expect(xml).toContain(`<loc>${BASE}/store</loc>`);
    expect(xml).toContain(`<loc>${BASE}/book/${id}</loc>`);
    expect(xml).toContain(`<loc>${BASE}/author/${author.id}</loc>`);
    expect(xml).not.toContain(draft);
    const res = await t.request('/sitemap.xml');
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^application\/xml/);
  });
});
