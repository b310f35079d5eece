import { expect } from '@playwright/test';
import { DEMO, signIn, test } from './fixtures';

test.describe('installable offline shell', () => {
  test('serves a manifest and a probe', async ({ request }) => {
    const manifest = await (await request.get('/manifest.webmanifest')).json();
    expect(manifest).toMatchObject({ name: 'Quire', display: 'standalone', start_url: '/' });
    expect(manifest.icons.length).toBeGreaterThan(0);
    const probe = await (await request.get('/__probe')).json();
    expect(probe).toMatchObject({ version: '0.1.0', database: { ok: true }, worker: { running: true } });
    expect(typeof probe.uptimeSeconds).toBe('number');
  });

  test('cold-starts offline once the service worker has installed', async ({ page, context }) => {
    await signIn(page, DEMO.admin);
    await expect(page.getByRole('contentinfo')).toContainText('0.1.0');
    // Wait until the service worker is active, i.e. the shell is precached.
    await page.evaluate(async () => {
      const reg = await navigator.serviceWorker.ready;
      return reg.active?.state;
    });
    await context.setOffline(true);
    // A cold start: a new tab on a route never visited before, with the network gone.
    const cold = await context.newPage();
    await cold.goto('/terms-of-service');
    await expect(cold.getByRole('heading', { level: 1 })).toBeVisible();
    await expect(cold.getByRole('contentinfo')).toContainText('0.1.0');
    // Still signed in, and an online-only page says it needs a connection instead of failing.
    await cold.goto('/admin/users');
    await expect(cold.getByText("You're offline")).toBeVisible();
    await context.setOffline(false);
  });

  test('precaches the reader but not the print layout, which is kept offline once opened', async ({ page, context }) => {
    await signIn(page, DEMO.reader);
    await page.evaluate(async () => (await navigator.serviceWorker.ready).active?.state);
    const cached = (which: RegExp) =>
      page.evaluate(async (source) => {
        const names = (await caches.keys()).filter((name) => new RegExp(source).test(name));
        const urls = await Promise.all(names.map(async (name) => (await (await caches.open(name)).keys()).map((r) => new URL(r.url).pathname)));
        return urls.flat();
      }, which.source);
    const precached = await cached(/precache/);
    expect(precached.some((path) => /\/assets\/reader-page-/.test(path))).toBe(true);
    expect(precached.filter((path) => /\/assets\/printable-page-/.test(path))).toEqual([]);
    expect(await cached(/^quire-assets$/)).not.toContainEqual(expect.stringMatching(/printable-page-/));

    // Opening the print view once keeps the whole print layout, Paged.js (the src-… chunk) included.
    await page.goto('/printable/demo-the-patient-draft');
    await expect(page.getByRole('heading', { name: 'Print “The Patient Draft”' })).toBeVisible();
    await expect.poll(async () => (await cached(/^quire-assets$/)).filter((path) => /\/assets\/(printable-page|src)-[\w-]+\.js$/.test(path)).length).toBe(2);

    await context.setOffline(true);
    const cold = await context.newPage();
    await cold.goto('/printable/demo-small-weathers');
    await expect(cold.getByRole('heading', { name: "You're offline" })).toBeVisible();
    await context.setOffline(false);
  });
});
