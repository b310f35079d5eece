/** Wishlist: add from a home-page card, see it on /my-wishlist with its price (offline too), remove it. */
import { expect } from '@playwright/test';
import { DEMO, expectAccessible, signIn, test } from './fixtures';

test('adds a book from the home page, lists it, removes it', async ({ page }) => {
  await signIn(page, DEMO.publisher);
  await page.goto('/');
  const card = page.getByRole('article').first();
  const title = (await card.getByRole('heading', { level: 3 }).textContent())!;
  const price = (await card.locator('.book-price').textContent())!;
  const toggle = card.getByRole('button', { name: `Add to wishlist: ${title}` });
  await expect(toggle).toBeEnabled();
  await toggle.click();
  await expect(card.getByRole('button', { name: `In wishlist: ${title}` })).toHaveAttribute('aria-pressed', 'true');
  await expectAccessible(page);

  await page.getByRole('link', { name: 'Wishlist' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Wishlist' })).toBeVisible();
  const entries = page.getByRole('list', { name: 'Wishlist' });
  await expect(entries.getByRole('heading', { name: title })).toBeVisible();
  await expect(entries.getByText(price, { exact: true })).toBeVisible();
  // The card opens the book's store page.
  await expect(entries.getByRole('link', { name: title })).toHaveAttribute('href', /^\/book\/[^/]+$/);
  await expectAccessible(page);

  // Offline (network and sync cut), a reload still shows the entry: it lives on the device.
  await page.evaluate(async () => (await navigator.serviceWorker.ready).active?.state);
  const abort = (route: { abort(): Promise<void> }) => route.abort();
  await page.context().setOffline(true);
  await page.context().route('**/api/sync/**', abort);
  await page.reload();
  await expect(entries.getByRole('heading', { name: title })).toBeVisible();
  await expect(entries.getByText(price, { exact: true })).toBeVisible();
  await page.context().unroute('**/api/sync/**', abort);
  await page.context().setOffline(false);

  await page.getByRole('button', { name: `Remove ${title} from your wishlist` }).click();
  await expect(page.getByRole('heading', { name: 'Your wishlist is empty' })).toBeVisible();
  await expectAccessible(page);
});
