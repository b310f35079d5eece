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

const VISITOR_PAGES = [
  '/',
  '/auth',
  '/auth?mode=signup',
  '/auth?mode=forgot',
  '/auth/beta-request',
  '/auth/reset-password',
  '/auth/auth-code-error?reason=expired',
  '/privacy-policy',
  '/terms-of-service',
  '/no-such-page',
  '/store',
  '/store/advanced-search?genre=FF',
  '/book/demo-the-salt-orchard',
  '/book/demo-the-salt-orchard/sample',
  '/authors',
  '/author/demo-author',
];
const READER_PAGES = ['/', '/settings', '/settings/account', '/settings/billing', '/settings/notifications', '/account-deletion', '/checkout', '/my-purchases'];
const ADMIN_PAGES = [
  '/admin',
  '/admin/users',
  '/admin/author-requests',
  '/admin/publisher-requests',
  '/admin/beta-requests',
  '/admin/audit',
  '/admin/settings',
  '/admin/profile',
  '/admin/debug-reports',
  '/admin/test',
  '/admin/store',
  '/admin/store/books',
  '/admin/orders',
  '/dev',
  '/dev/mail',
];

/** Each page is a full load and an axe run (~2 s, much more on a busy machine): a few per journey, so they run side by side. */
const PAGES_PER_JOURNEY = 4;
function inJourneys(pages: string[]): string[][] {
  const journeys: string[][] = [];
  for (let i = 0; i < pages.length; i += PAGES_PER_JOURNEY) journeys.push(pages.slice(i, i + PAGES_PER_JOURNEY));
  return journeys;
}

test.describe('accessibility (axe: no serious or critical issues)', () => {
  for (const pages of inJourneys(VISITOR_PAGES)) {
    test(`visitor pages ${pages[0]} to ${pages.at(-1)}`, async ({ page }) => {
      for (const path of pages) {
        await test.step(path, async () => {
          await settle(page, path);
          await expectAccessible(page);
        });
      }
    });
  }

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

  for (const pages of inJourneys(ADMIN_PAGES)) {
    test(`admin pages ${pages[0]} to ${pages.at(-1)}`, async ({ page }) => {
      await signIn(page, DEMO.admin);
      for (const path of pages) {
        await test.step(path, async () => {
          await settle(page, path);
          await expectAccessible(page);
        });
      }
    });
  }

  test('a reader sees "no access" on admin pages, a visitor is sent to sign in', async ({ page, browser }) => {
    await signIn(page, DEMO.reader);
    await page.goto('/admin/users');
    await expect(page.getByRole('heading', { name: "You don't have access" })).toBeVisible();
    const visitor = await (await browser.newContext()).newPage();
    await visitor.goto('/settings/account');
    await expect(visitor).toHaveURL(/\/auth\?next=%2Fsettings%2Faccount/);
  });
});
