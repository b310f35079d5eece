/**
 * The local database opens in the background once the page is idle: a form that writes to it
 * waits for it, and a click made while it is still opening is never lost.
 */
import { expect } from '@playwright/test';
import { DEMO, signIn, test } from './fixtures';

// Without a service worker every script comes from the network, where the test can slow it.
test.use({ serviceWorkers: 'block' });

test('a manuscript started while the local database is still opening is created', async ({ page }) => {
  await signIn(page, DEMO.author);
  await page.route('**/assets/database-*.js', async (route) => {
    await new Promise((resolve) => setTimeout(resolve, 2_000));
    await route.continue();
  });
  await page.goto('/editor');
  await page.getByLabel('Title').fill(`Opened late ${Date.now()}`);
  await page.getByRole('button', { name: 'Create manuscript' }).click();
  await expect(page).toHaveURL(/\/editor\/[\w-]+\/[\w-]+$/);
  await expect(page.getByTestId('chapter-sync')).toHaveText('Synced');
});
