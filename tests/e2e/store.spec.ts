/**
 * The store as a visitor and a reader: suggestions by keyboard, results in the URL, advanced
 * search with its filters in the URL and the back button, a book page and its free sample with no
 * account, and claiming a free book into the library.
 */
import { expect } from '@playwright/test';
import { DEMO, expectAccessible, signIn, test } from './fixtures';

test('a visitor finds a book by typing, opens its page and reads the sample without an account', async ({ page }) => {
  await page.goto('/store');
  await expect(page.getByRole('heading', { level: 1, name: 'Store' })).toBeVisible();
  await expect(page.getByRole('heading', { level: 2, name: 'New releases' })).toBeVisible();
  await expectAccessible(page);

  const box = page.getByRole('combobox', { name: 'Search the store' });
  await box.fill('lighth');
  const suggestion = page.getByRole('option', { name: /The Lighthouse Ledger/ });
  await expect(suggestion).toBeVisible();
  await box.press('ArrowDown');
  await expect(suggestion).toHaveAttribute('aria-selected', 'true');
  await box.press('Enter');

  await expect(page).toHaveURL(/\/book\/demo-the-lighthouse-ledger$/);
  await expect(page.getByRole('heading', { level: 1, name: 'The Lighthouse Ledger' })).toBeVisible();
  // On sale: the price paid and the list price struck through.
  await expect(page.locator('.store-book-price')).toContainText('$3.99');
  await expect(page.locator('.store-book-price del')).toContainText('$7.99');
  await expect(page.getByRole('link', { name: 'Sign in to buy' })).toBeVisible();
  await expectAccessible(page);

  await page.getByRole('link', { name: 'Read a sample' }).click();
  await expect(page.getByRole('article', { name: 'Sample of The Lighthouse Ledger' })).toContainText('The ledger had been in the harbour office');
  await expect(page.getByRole('article', { name: 'Sample of The Lighthouse Ledger' })).not.toContainText('By noon she had every register');
  await expectAccessible(page);
});

test('search results live in the URL, page by page, and the back button returns to the shelves', async ({ page }) => {
  await page.goto('/store');
  const box = page.getByRole('combobox', { name: 'Search the store' });
  await box.fill('the');
  await box.press('Enter');
  await expect(page).toHaveURL(/\/store\?q=the$/);
  await expect(page.getByRole('status').filter({ hasText: /of \d+ books|1 book/ })).toBeVisible();
  await expect(page.getByRole('article').first()).toBeVisible();

  await box.fill('zzzqqq');
  await box.press('Enter');
  await expect(page.getByRole('heading', { name: 'No books match' })).toBeVisible();
  await page.goBack();
  await expect(page).toHaveURL(/\/store\?q=the$/);
  await page.goBack();
  await expect(page.getByRole('heading', { level: 2, name: 'New releases' })).toBeVisible();
});

test('advanced search keeps every filter in the URL and says when an ISBN is wrong', async ({ page }) => {
  await page.goto('/store/advanced-search');
  await expect(page.getByRole('heading', { level: 1, name: 'Advanced search' })).toBeVisible();
  await page.getByLabel('Genre').selectOption({ label: 'Crime & mystery fiction' });
  await page.getByRole('button', { name: 'Search' }).click();
  await expect(page).toHaveURL(/genre=FF/);
  const results = page.getByRole('region', { name: 'Results' });
  await expect(results.getByRole('article', { name: /Murder at the Marmalade Fête/ })).toBeVisible();
  await expect(results.getByRole('article', { name: /Small Weathers/ })).toHaveCount(0);

  await page.getByLabel('Sort by').selectOption({ label: 'Price: low to high' });
  await expect(page).toHaveURL(/sort=price-asc/);
  // The router renders the new URL in a transition: until then the last results (newest first)
  // are still on screen, not busy. Wait for the cheapest-first list itself.
  const amounts = async () => {
    const prices = await results.locator('.book-price > span:first-child').allTextContents();
    return prices.map((p) => (p === 'Free' ? 0 : Number(p.replace(/[^0-9.]/g, ''))));
  };
  await expect
    .poll(async () => {
      const shown = await amounts();
      return shown.length > 1 && shown.every((a, i) => i === 0 || shown[i - 1]! <= a);
    })
    .toBe(true);
  await expectAccessible(page);

  // A shared link opens the same search; the form shows it.
  await page.goto(`/store/advanced-search?author=quill&sort=title`);
  await expect(page.getByLabel('Author')).toHaveValue('quill');
  await expect(results.getByRole('article')).toHaveCount(2);

  await page.getByLabel('ISBN').fill('978-0-306-40615-8');
  await page.getByRole('button', { name: 'Search' }).click();
  await expect(page.getByText('Enter a 10- or 13-digit ISBN (hyphens are fine).')).toBeVisible();
  await page.goBack();
  await expect(results.getByRole('article')).toHaveCount(2);
});

test('a reader gets a free book from its page and starts reading it', async ({ page }) => {
  await signIn(page, DEMO.reader);
  await page.goto('/book/demo-a-field-guide-to-small-dragons');
  await page.getByRole('button', { name: 'Get it free' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'A Field Guide to Small Dragons is in your library' })).toBeVisible();
  await expectAccessible(page);
  await page.getByRole('link', { name: 'Start reading' }).click();
  await expect(page).toHaveURL(/\/books\/demo-a-field-guide-to-small-dragons/);
  await page.goto('/book/demo-a-field-guide-to-small-dragons');
  await expect(page.getByRole('link', { name: 'Read', exact: true })).toBeVisible();
});

test('store pages seen before stay readable offline, marked as possibly out of date', async ({ page, context }) => {
  await page.goto('/store');
  await page.evaluate(async () => (await navigator.serviceWorker.ready).active?.state);
  await page.reload(); // now through the service worker, which keeps what it serves
  await expect(page.getByRole('heading', { level: 2, name: 'New releases' })).toBeVisible();
  await page.goto('/book/demo-the-bread-year');
  await expect(page.getByRole('heading', { level: 1, name: 'The Bread Year' })).toBeVisible();

  await context.setOffline(true);
  await page.goto('/store');
  await expect(page.getByRole('heading', { level: 2, name: 'New releases' })).toBeVisible();
  await expect(page.getByText('this is the store as you last saw it')).toBeVisible();
  await page.goto('/book/demo-the-bread-year');
  await expect(page.getByRole('heading', { level: 1, name: 'The Bread Year' })).toBeVisible();
  await expect(page.getByText(/You're offline: this page may be out of date, and buying needs a connection/)).toBeVisible();
  await context.setOffline(false);
});
