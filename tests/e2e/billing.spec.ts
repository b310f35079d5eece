/**
 * /settings/billing: a reader buys the demo author's paid book with the test provider and finds it
 * in the payment history with its receipt; the author sees what that sale earned, per book and per
 * month, moves the month range (kept in the URL) and downloads the CSV. Readers see no earnings.
 * Nothing else buys The Second Draft, so its one sale in this run is this one.
 */
import fs from 'node:fs';
import { expect, test } from '@playwright/test';
import { DEMO, expectAccessible, signIn } from './fixtures';

const BOOK = 'The Second Draft';
// $6.99: a fee of 2.9 % + 30¢ = 50¢ leaves $6.49, of which the author's 70 % is $4.54.
const EARNED = '$4.54';

test('a reader’s purchase shows in their payment history and as the author’s earnings, with a CSV', async ({ page, browser }) => {
  await signIn(page, DEMO.reader);
  await page.goto('/book/demo-the-second-draft');
  await page.getByRole('link', { name: 'Buy now' }).click();
  await page.getByRole('button', { name: /^Pay / }).click();
  await page.getByLabel('Card number').fill('4242 4242 4242 4242');
  await page.getByRole('button', { name: 'Pay', exact: true }).click();
  await expect(page.getByRole('heading', { level: 1, name: /Thank you/ })).toBeVisible();
  const orderId = new URL(page.url()).searchParams.get('order')!;

  await page.goto('/settings');
  await page.getByRole('navigation', { name: 'Settings' }).getByRole('link', { name: 'Billing' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Billing' })).toBeVisible();
  const history = page.getByRole('table', { name: 'Payment history' });
  const row = history.getByRole('row').filter({ hasText: BOOK });
  await expect(row).toContainText('$6.99');
  await expect(row).toContainText('Paid');
  await expect(page.getByRole('heading', { name: 'Earnings' })).toHaveCount(0); // readers earn nothing here
  await expectAccessible(page);
  await row.getByRole('link', { name: /^Receipt for order Q-/ }).click();
  await expect(page).toHaveURL(new RegExp(`/my-purchases/${orderId}$`));
  await expect(page.getByRole('article', { name: /^Receipt for order Q-/ })).toContainText(BOOK);

  const authorContext = await browser.newContext();
  const author = await authorContext.newPage();
  await signIn(author, DEMO.author);
  await author.goto('/settings/billing');
  const earnings = author.getByRole('region', { name: 'Earnings' });
  const byBook = author.getByRole('table', { name: /^Earnings by book/ });
  await expect(byBook.getByRole('row').filter({ hasText: BOOK })).toContainText(EARNED);
  const thisMonth = new Date().toLocaleDateString('en-US', { month: 'long', year: 'numeric', timeZone: 'UTC' });
  await expect(
    author
      .getByRole('table', { name: /^Earnings by month/ })
      .getByRole('row')
      .filter({ hasText: thisMonth }),
  ).toContainText(EARNED);
  await expect(earnings.getByText('How earnings are worked out')).toBeVisible();
  await expectAccessible(author);

  // The CSV of the range shown: a header row and the sale, amounts as decimals.
  const downloading = author.waitForEvent('download');
  await author.getByRole('link', { name: 'Download CSV' }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toMatch(/^quire-earnings-\d{4}-\d{2}-to-\d{4}-\d{2}\.csv$/);
  const lines = fs.readFileSync((await download.path())!, 'utf8').split('\r\n');
  expect(lines[0]).toBe('month,book_id,title,role,currency,units_sold,gross_sales,payment_fees,units_refunded,refunds,earnings');
  expect(lines).toContainEqual(expect.stringMatching(/^\d{4}-\d{2},demo-the-second-draft,The Second Draft,author,USD,1,6\.99,0\.50,0,0\.00,4\.54$/));

  // Another range is in the URL; going back brings the sale back.
  await author.getByLabel('From', { exact: true }).fill('2020-01');
  await author.getByLabel('To', { exact: true }).fill('2020-12');
  await author.getByRole('button', { name: 'Show' }).click();
  await expect(author).toHaveURL(/\/settings\/billing\?from=2020-01&to=2020-12$/);
  await expect(earnings.getByRole('heading', { name: 'No sales yet' })).toBeVisible();
  await expect(earnings.getByText('from January 2020 to December 2020')).toBeVisible();
  await author.goBack();
  await expect(byBook.getByRole('row').filter({ hasText: BOOK })).toContainText(EARNED);

  // A range that ends before it starts is refused next to the field, without asking the server.
  await author.getByLabel('From', { exact: true }).fill('2024-05');
  await author.getByLabel('To', { exact: true }).fill('2024-04');
  await author.getByRole('button', { name: 'Show' }).click();
  await expect(author.getByText('Choose a month after the start month.')).toBeVisible();
  await expect(author).toHaveURL(/\/settings\/billing$/);
  await authorContext.close();
});
