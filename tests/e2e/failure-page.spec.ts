import { expect } from '@playwright/test';
import { DEMO, FAILURE_TEXT, signIn, test } from './fixtures';

test.describe('failure page', () => {
  test('a server failure shows the product text with a digest that the admin finds in debug reports', async ({ page }) => {
    await signIn(page, DEMO.admin);
    await page.goto('/dev/failure?kind=server');
    await expect(page.getByText(FAILURE_TEXT, { exact: true })).toBeVisible();
    const digestLine = page.getByText(/^Digest: [0-9a-f]+$/);
    await expect(digestLine).toBeVisible();
    const digest = (await digestLine.textContent())!.replace('Digest: ', '').trim();

    await page.goto('/admin/debug-reports');
    await page.getByLabel('Find by digest or message').fill(digest);
    const row = page.getByRole('row').filter({ hasText: digest });
    await expect(row).toHaveCount(1);
    await expect(row).toContainText('Deliberate server failure for testing');
  });

  test('a client failure shows the product text without a digest and is reported', async ({ page }) => {
    await signIn(page, DEMO.admin);
    const reported = page.waitForResponse((r) => r.url().endsWith('/api/debug-reports') && r.request().method() === 'POST');
    await page.goto('/dev/failure?kind=client');
    await expect(page.getByText(FAILURE_TEXT, { exact: true })).toBeVisible();
    await expect(page.getByText(/^Digest:/)).toHaveCount(0);
    expect((await reported).status()).toBe(201);
  });

  test('an unknown path shows the not-found page, not a failure', async ({ page }) => {
    await page.goto('/no/such/page');
    await expect(page.getByRole('heading', { name: 'Page not found' })).toBeVisible();
    await expect(page.getByText('0.1.0')).toBeVisible();
  });
});
