/**
 * The blog: an admin writes a post in the editor, previews it, and schedules it a few seconds
 * ahead; the job queue publishes it on its own, and a signed-out visitor finds it on /blog and in
 * /blog/rss.xml, reads it, and gets the server-rendered head tags link previews need.
 */
import { expect } from '@playwright/test';
import { DEMO, expectAccessible, signIn, test } from './fixtures';

/** Far enough ahead that the form is sent and checked before the time passes (on a busy CI core too), near enough to wait for. */
const SCHEDULE_AHEAD_MS = 20_000;
/** The schedule, the queue's poll (250 ms) and the busiest CI core. */
const PUBLISH_WAIT_MS = SCHEDULE_AHEAD_MS + 15_000;

test('an admin schedules a post; it goes out on its own and a visitor reads it signed out', async ({ page, browser }) => {
  test.setTimeout(120_000);
  const suffix = `${Date.now().toString(36)}${test.info().parallelIndex}`;
  const title = `Notes from the press room ${suffix}`;
  const slug = `notes-from-the-press-room-${suffix}`;
  const words = `The autumn list is out, and every book on it was written together ${suffix}.`;

  await signIn(page, DEMO.admin);
  await page.goto('/admin/blog');
  await page.getByRole('link', { name: 'New post' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'New post' })).toBeVisible();

  // The address follows the title until the writer changes it.
  await page.getByLabel('Title', { exact: true }).fill(title);
  await expect(page.getByLabel('Address', { exact: true })).toHaveValue(slug);
  await page.getByLabel('Excerpt', { exact: true }).fill('What is new on Quire this autumn.');
  await page.getByLabel('Tags', { exact: true }).fill('News, e2e');
  const editor = page.locator('[data-testid="chapter-text"][contenteditable="true"]');
  await editor.click();
  await page.keyboard.type(words);
  await page.keyboard.press('Enter');
  await page.getByRole('button', { name: 'Bold', exact: true }).click();
  await page.keyboard.type('Read it offline.');

  // The preview is the body as the server will publish it.
  await page.getByRole('button', { name: 'Preview' }).click();
  const preview = page.getByRole('dialog', { name: 'Preview' });
  await expect(preview.getByTestId('preview-body')).toContainText(words);
  await expect(preview.getByTestId('preview-body').locator('strong')).toHaveText('Read it offline.');
  await expectAccessible(page);
  await page.keyboard.press('Escape');
  await expect(preview).toHaveCount(0);

  // Schedule it a few seconds from now, in the browser's own time zone (the field's).
  await page.getByLabel('Schedule for later').check();
  const at = await page.evaluate((ahead) => {
    const d = new Date(Date.now() + ahead);
    const pad = (n: number) => String(n).padStart(2, '0');
    return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}T${pad(d.getHours())}:${pad(d.getMinutes())}:${pad(d.getSeconds())}`;
  }, SCHEDULE_AHEAD_MS);
  await page.getByLabel('Publish at').fill(at);
  await page.getByRole('button', { name: 'Schedule', exact: true }).click();
  await expect(page).toHaveURL(/\/admin\/blog\/[a-z2-7]+\/edit$/);
  await expect(page.getByRole('region', { name: 'Publishing' })).toContainText('Scheduled');

  // Signed out: not there before its time…
  const visitor = await (await browser.newContext()).newPage();
  expect((await visitor.request.get(`/api/blog/posts/${slug}`)).status()).toBe(404);
  await expectAccessible(page);

  // …there after it, published by the job queue with nobody pressing anything.
  await expect.poll(async () => (await visitor.request.get(`/api/blog/posts/${slug}`)).status(), { timeout: PUBLISH_WAIT_MS }).toBe(200);

  await visitor.goto('/blog');
  const card = visitor.getByRole('article').filter({ has: visitor.getByRole('link', { name: title }) });
  await expect(card).toContainText('What is new on Quire this autumn.');
  await expect(card.getByRole('link', { name: '#e2e' })).toBeVisible();
  await expectAccessible(visitor);
  await card.getByRole('link', { name: title }).click();
  await expect(visitor).toHaveURL(new RegExp(`/blog/${slug}$`));
  await expect(visitor.getByRole('heading', { level: 1, name: title })).toBeVisible();
  await expect(visitor.getByTestId('post-body')).toContainText(words);
  await expectAccessible(visitor);

  // A fresh load of the post gets its head tags from the server: what link previews read.
  await visitor.reload();
  await expect(visitor.locator('link[rel="canonical"]')).toHaveAttribute('href', new RegExp(`/blog/${slug}$`));
  await expect(visitor.locator('meta[property="og:title"]')).toHaveAttribute('content', `${title} · Quire blog`);
  expect(await visitor.locator('script[type="application/ld+json"]').textContent()).toContain('"@type":"BlogPosting"');

  // The feed carries it.
  const rss = await visitor.request.get('/blog/rss.xml');
  expect(rss.headers()['content-type']).toContain('application/rss+xml');
  expect(await rss.text()).toContain(`<title><![CDATA[${title}]]></title>`);

  // And the admin's list shows it published.
  await page.goto('/admin/blog?state=published');
  await expect(page.getByRole('row').filter({ hasText: title })).toContainText('Published');
  await visitor.context().close();
});

test('drafts stay private and readers cannot reach the writing pages', async ({ page }) => {
  await signIn(page, DEMO.reader);
  await page.goto('/admin/blog/new');
  await expect(page.getByText("You don't have access")).toBeVisible();
  const res = await page.request.post('/api/admin/blog/posts', {
    headers: { origin: new URL(page.url()).origin },
    data: { title: 'x', slug: 'x', excerpt: '', bodyHtml: '', coverFileId: null, tags: [], state: 'published', scheduledAt: null },
  });
  expect(res.status()).toBe(403);
  await page.goto('/blog/no-such-post-at-all');
  await expect(page.getByRole('heading', { level: 1, name: 'Post not found' })).toBeVisible();
});
