import { expect, test, type Page } from '@playwright/test';
import { DEMO, expectAccessible, signIn } from './fixtures';

async function settle(page: Page, path: string) {
  // Not 'networkidle': a signed-in page keeps its sync stream open for good.
  await page.goto(path);
  await expect(page.locator('.route-progress')).toHaveCount(0);
  // The component gallery at /dev shows a skeleton on purpose.
  if (path !== '/dev') await expect(page.locator('.skeleton')).toHaveCount(0);
  await expect(page.getByRole('heading', { level: 1 }).first()).toBeVisible();
}

const VISITOR_PAGES = ['/', '/auth', '/auth?mode=signup', '/auth?mode=forgot', '/auth/beta-request', '/auth/reset-password', '/auth/auth-code-error?reason=expired', '/privacy-policy', '/terms-of-service', '/no-such-page'];
const READER_PAGES = ['/', '/settings', '/settings/account', '/settings/notifications', '/account-deletion'];
const ADMIN_PAGES = ['/admin', '/admin/users', '/admin/author-requests', '/admin/publisher-requests', '/admin/beta-requests', '/admin/audit', '/admin/settings', '/admin/profile', '/admin/debug-reports', '/admin/test', '/dev', '/dev/mail'];

test.describe('accessibility (axe: no serious or critical issues)', () => {
  test('visitor pages', async ({ page }) => {
    for (const path of VISITOR_PAGES) {
      await test.step(path, async () => {
        await settle(page, path);
        await expectAccessible(page);
      });
    }
  });

  test('reader pages, light and dark', async ({ page }) => {
    await signIn(page, DEMO.reader);
    for (const path of READER_PAGES) {
      await test.step(path, async () => {
        await settle(page, path);
        await expectAccessible(page);
      });
    }
    await page.emulateMedia({ colorScheme: 'dark' });
    await settle(page, '/settings');
    await expectAccessible(page);
  });

  test('admin pages', async ({ page }) => {
    // Twelve full page loads with an axe run each (~45 s alone); every load also opens the
    // account's database and pulls each replicated collection, so under a parallel run it
    // brushed the 60 s limit.
    test.slow();
    await signIn(page, DEMO.admin);
    for (const path of ADMIN_PAGES) {
      await test.step(path, async () => {
        await settle(page, path);
        await expectAccessible(page);
      });
    }
  });

  test('a reader sees "no access" on admin pages, a visitor is sent to sign in', async ({ page, browser }) => {
    await signIn(page, DEMO.reader);
    await page.goto('/admin/users');
    await expect(page.getByRole('heading', { name: "You don't have access" })).toBeVisible();
    const visitor = await (await browser.newContext()).newPage();
    await visitor.goto('/settings/account');
    await expect(visitor).toHaveURL(/\/auth\?next=%2Fsettings%2Faccount/);
  });
});
