/**
 * When the app's own code cannot load, the page says so and offers a reload instead of staying
 * blank (index.html's boot check). The service worker is kept out and the build's scripts fail
 * to download, as on a first visit whose network drops.
 */
import { expect } from '@playwright/test';
import { expectAccessible, test } from './fixtures';

test.use({ serviceWorkers: 'block' });

test('a start whose code cannot load says so, and a reload recovers', async ({ page }) => {
  await page.route('**/assets/*.js', (route) => route.abort('internetdisconnected'));
  await page.goto('/');
  const failure = page.getByRole('alert');
  await expect(failure.getByRole('heading', { level: 1, name: 'Quire could not start' })).toBeVisible();
  await expect(failure).toContainText('Check your connection, then reload.');
  await expectAccessible(page);
  await page.screenshot({ path: test.info().outputPath('boot-failure.png') });

  await page.unroute('**/assets/*.js');
  await failure.getByRole('button', { name: 'Reload' }).click();
  await expect(page.getByRole('contentinfo')).toContainText('Quire');
  await expect(page.getByRole('heading', { name: 'Quire could not start' })).toHaveCount(0);
});
