/**
 * /admin/analytics on the demo's ninety days of activity (server/seed/demo-activity.ts): the
 * charts draw, each data table says what the API says, a preset and a custom range redraw them
 * (kept in the URL), a chart's CSV downloads, and /admin shows the same days as sparklines.
 */
import { expect, type Page } from '@playwright/test';
import type { Analytics } from '../../sync/api/analytics';
import { DEMO, expectAccessible, signIn, test } from './fixtures';

const utcDay = (offset = 0) => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);

/** What the API answers for a range, read with the page's own session. */
async function analytics(page: Page, from: string, to: string): Promise<Analytics> {
  const res = await page.request.get(`/api/admin/analytics?from=${from}&to=${to}`);
  expect(res.status()).toBe(200);
  return (await res.json()) as Analytics;
}

/** The rows of a chart's data table: [day, value, previous day, previous value]. */
async function tableRows(page: Page, chart: string): Promise<string[][]> {
  const card = page.getByRole('region', { name: chart, exact: true });
  const details = card.locator('details');
  if (!(await details.evaluate((d) => (d as HTMLDetailsElement).open))) await card.getByText('Data table').click();
  const table = card.getByRole('table', { name: `${chart}, day by day (UTC)` });
  await expect(table).toBeVisible();
  const rows = table.locator('tbody tr');
  return rows.evaluateAll((trs) => trs.map((tr) => [...tr.querySelectorAll('th, td')].map((c) => c.textContent ?? '')));
}

const settled = (page: Page) => expect(page.locator('.analytics-results')).toHaveAttribute('aria-busy', 'false');

test('the admin reads the seeded activity as charts, each with a data table that says what the API says', async ({ page }) => {
  await signIn(page, DEMO.admin);
  await page.goto('/admin/analytics');
  await expect(page.getByRole('heading', { level: 1, name: 'Analytics' })).toBeVisible();
  await settled(page);
  // Five charts drawn by uPlot, each on a canvas.
  await expect(page.locator('.analytics-canvas canvas')).toHaveCount(5);
  await expect(page.getByRole('link', { name: 'Last 30 days' })).toHaveAttribute('aria-current', 'page');

  const month = await analytics(page, utcDay(-29), utcDay());
  expect(month.signUps.current.reduce((a, b) => a + b, 0)).toBeGreaterThan(0);
  expect(month.topBySales.length).toBeGreaterThan(0);
  const signUps = await tableRows(page, 'Sign-ups');
  expect(signUps).toEqual(month.days.map((day, i) => [day, String(month.signUps.current[i]), month.previousDays[i], String(month.signUps.previous[i])]));
  const total = month.signUps.current.reduce((a, b) => a + b, 0);
  await expect(page.getByRole('region', { name: 'Sign-ups', exact: true })).toContainText(`${total.toLocaleString('en-US')} in total`);
  const readers = await tableRows(page, 'Daily active readers');
  expect(readers.map((r) => Number(r[1]))).toEqual(month.activeReaders.current);
  const top = page.getByRole('table', { name: 'Top books by sales' });
  await expect(top.getByRole('row').nth(1)).toContainText(month.topBySales[0]!.title);
});

test('a preset and a custom range redraw the charts, kept in the URL; a chart downloads as CSV', async ({ page }) => {
  await signIn(page, DEMO.admin);
  await page.goto('/admin/analytics');
  await settled(page);
  await expect(page.locator('.analytics-canvas canvas')).toHaveCount(5);

  // A preset: seven days, in the URL, redrawn.
  await page.getByRole('link', { name: 'Last 7 days' }).click();
  await expect(page).toHaveURL(/range=7d/);
  await settled(page);
  const week = await analytics(page, utcDay(-6), utcDay());
  await expect.poll(async () => (await tableRows(page, 'Sign-ups')).length).toBe(7);
  expect((await tableRows(page, 'Sign-ups')).map((r) => Number(r[1]))).toEqual(week.signUps.current);
  await expect(page.locator('.analytics-canvas canvas')).toHaveCount(5);
  // Axe here, with a data table open (a week's: axe on a month of rows is slow on a busy core).
  await expectAccessible(page);

  // A custom range of ten days, ending yesterday.
  await page.getByRole('textbox', { name: 'From' }).fill(utcDay(-10));
  await page.getByRole('textbox', { name: 'To' }).fill(utcDay(-1));
  await page.getByRole('button', { name: 'Show range' }).click();
  await expect(page).toHaveURL(new RegExp(`from=${utcDay(-10)}&to=${utcDay(-1)}`));
  await settled(page);
  const custom = await analytics(page, utcDay(-10), utcDay(-1));
  await expect.poll(async () => (await tableRows(page, 'Orders')).map((r) => r[0])).toEqual(custom.days);
  expect((await tableRows(page, 'Orders')).map((r) => Number(r[1]))).toEqual(custom.orders.current);
  // A range that ends before it starts is refused next to the field.
  await page.getByRole('textbox', { name: 'From' }).fill(utcDay(-1));
  await page.getByRole('textbox', { name: 'To' }).fill(utcDay(-3));
  await page.getByRole('button', { name: 'Show range' }).click();
  await expect(page.getByText('The range must end on or after its first day.')).toBeVisible();

  // The orders chart as CSV: a header row, then a row per day.
  const downloading = page.waitForEvent('download');
  await page.getByRole('link', { name: 'CSV of orders' }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toBe(`quire-orders-${utcDay(-10)}-to-${utcDay(-1)}.csv`);

  // Without the comparison the previous period leaves the tables.
  // (The box follows the URL, which the click changes: click, then wait for both.)
  const comparing = page.getByLabel('Compare with the previous period');
  await comparing.click();
  await expect(page).toHaveURL(/compare=0/);
  await expect(comparing).not.toBeChecked();
  expect((await tableRows(page, 'Orders'))[0]).toHaveLength(2);
});

test('the admin dashboard shows the last 30 days as sparklines linking to the charts', async ({ page }) => {
  await signIn(page, DEMO.admin);
  await page.goto('/admin');
  const card = page.locator('section.card').filter({ has: page.getByRole('heading', { name: 'Last 30 days' }) });
  await expect(card.locator('svg.admin-spark-line')).toHaveCount(4);
  await card.getByRole('link', { name: /Sign-ups/ }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Analytics' })).toBeVisible();
});
