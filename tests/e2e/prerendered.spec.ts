/**
 * A visitor's first paint arrives with the HTML (server/site/prerendered.ts): the home page's hero
 * shows while the app's code is still on its way, cannot be used until the app takes over (inert,
 * its text boxes read-only, so nothing typed is lost), and the app then replaces it with the same page: no loading screen
 * in between, nothing shifting.
 */
import { expect } from '@playwright/test';
import { expectAccessible, test } from './fixtures';

test.use({ serviceWorkers: 'block' });

test('a visitor sees the home page before its code arrives, and the app takes it over in place', async ({ page }) => {
  let release!: () => void;
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route(/\/assets\/index-[^/]+\.js$/, async (route) => {
    await held;
    await route.continue();
  });
  // Everything the swap might show or move: a loading screen, layout shifts.
  await page.addInitScript(() => {
    const seen = { loading: false, shift: 0 };
    (window as unknown as { __swap: typeof seen }).__swap = seen;
    new MutationObserver(() => {
      if (document.querySelector('[aria-label="Opening Quire…"]')) seen.loading = true;
    }).observe(document, { childList: true, subtree: true });
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries() as unknown as { value: number; hadRecentInput: boolean }[]) if (!entry.hadRecentInput) seen.shift += entry.value;
    }).observe({ type: 'layout-shift', buffered: true });
  });
  await page.goto('/', { waitUntil: 'commit' });

  const root = page.locator('#root');
  await expect(page.getByRole('heading', { level: 1, name: 'Books worth staying up for.' })).toBeVisible();
  await expect(root).toHaveAttribute('inert', '');
  await expect(page.getByRole('link', { name: 'Create a free account' })).toBeVisible();
  await page.screenshot({ path: test.info().outputPath('prerendered-home.png') });

  release();
  await expect(root).not.toHaveAttribute('data-prerendered');
  await expect(root).not.toHaveAttribute('inert');
  // The live page: its shelves fill in from the API.
  await expect(page.locator('.book-row-featured .book-card').first()).toBeVisible();
  const swap = await page.evaluate(() => (window as unknown as { __swap: { loading: boolean; shift: number } }).__swap);
  expect(swap.loading).toBe(false);
  expect(swap.shift).toBeLessThan(0.02);
  await expectAccessible(page);
  // Links now move within the app.
  await page.getByRole('link', { name: 'Store', exact: true }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Store' })).toBeVisible();
});

test('text typed while the store is still its first paint waits for the app, and is not lost to the swap', async ({ page }) => {
  let release!: () => void;
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route(/\/assets\/index-[^/]+\.js$/, async (route) => {
    await held;
    await route.continue();
  });
  await page.goto('/store', { waitUntil: 'commit' });
  const box = page.getByRole('combobox', { name: 'Search the store' });
  await expect(box).toBeVisible();
  await expect(page.locator('#root')).toHaveAttribute('data-prerendered');
  await expect(box).not.toBeEditable();

  const typed = box.fill('the');
  release();
  await typed;
  await box.press('Enter');
  await expect(page).toHaveURL(/\/store\?q=the$/);
  await expect(page.getByRole('status').filter({ hasText: /of \d+ books|1 book/ })).toBeVisible();
});

test("a visitor's store book page arrives with the book in it, and the app takes over with the same data", async ({ page }) => {
  let release!: () => void;
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route(/\/assets\/index-[^/]+\.js$/, async (route) => {
    await held;
    await route.continue();
  });
  const asked: string[] = [];
  page.on('request', (request) => {
    if (new URL(request.url()).pathname.startsWith('/api/store')) asked.push(request.url());
  });
  await page.goto('/book/demo-the-lighthouse-ledger', { waitUntil: 'commit' });

  // Before any of the app's code has run: the cover (loaded), the title, the price and the description.
  const root = page.locator('#root');
  await expect(root).toHaveAttribute('data-prerendered');
  await expect(page.getByRole('heading', { level: 1, name: 'The Lighthouse Ledger' })).toBeVisible();
  const cover = page.getByRole('img', { name: 'Cover of The Lighthouse Ledger' });
  await expect.poll(() => cover.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBeGreaterThan(0);
  await expect(page.locator('.store-book-price')).toContainText('$');
  await expect(page.getByText('A keeper’s logbook records a ship that never sailed.')).toBeVisible();
  await page.screenshot({ path: test.info().outputPath('prerendered-book.png') });

  release();
  await expect(root).not.toHaveAttribute('data-prerendered');
  await expect(page.getByRole('link', { name: 'Read a sample' })).toBeVisible();
  await expect(page.getByRole('heading', { level: 1, name: 'The Lighthouse Ledger' })).toBeVisible();
  // The book came with the page: the app did not ask for it again.
  expect(asked.filter((url) => url.includes('/api/store/books/demo-the-lighthouse-ledger'))).toEqual([]);
  await expectAccessible(page);
});
