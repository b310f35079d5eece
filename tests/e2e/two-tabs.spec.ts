/**
 * Two tabs of one account share the device's database: only one of them replicates, and a change
 * made in either shows in the other at once, with no reload (RxDB's BroadcastChannel between the
 * tabs' storage workers).
 */
import { expect } from '@playwright/test';
import { adminPage, freshAccount, test } from './fixtures';

test('a wishlist change in one tab shows in the other at once, both ways', async ({ page, browser }) => {
  await freshAccount(page, await adminPage(browser), 'Tabitha Two');
  const other = await page.context().newPage();
  await other.goto('/my-wishlist');
  await expect(other.getByRole('heading', { name: 'Your wishlist is empty' })).toBeVisible();

  await page.goto('/');
  const card = page.getByRole('article').first();
  const title = (await card.getByRole('heading', { level: 3 }).textContent())!;
  await card.getByRole('button', { name: `Add to wishlist: ${title}` }).click();
  const entries = other.getByRole('list', { name: 'Wishlist' });
  await expect(entries.getByRole('heading', { name: title })).toBeVisible();

  await other.getByRole('button', { name: `Remove ${title} from your wishlist` }).click();
  await expect(card.getByRole('button', { name: `Add to wishlist: ${title}` })).toHaveAttribute('aria-pressed', 'false');
});
