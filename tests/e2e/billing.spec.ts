/**
 * /settings/billing: a reader buys the demo author's paid book with the test provider and finds it
 * in the payment history with its receipt; the author sees what the book earned, per book and per
 * month, moves the month range (kept in the URL) and downloads the CSV. Readers see no earnings.
 * Both tests sell The Second Draft (nothing else buys it) and may run side by side, so the author's
 * test counts the copies sold and checks the amounts per copy.
 */
import fs from 'node:fs';
import { expect, type APIRequestContext } from '@playwright/test';
import { DEMO, appOrigin, expectAccessible, signIn, test } from './fixtures';

const BOOK = 'The Second Draft';
// $6.99 a copy: a fee of 2.9 % + 30¢ = 50¢ leaves $6.49, of which the author's 70 % is $4.54.
const [PRICE, FEE, EARNED] = [699, 50, 454];
const dollars = (cents: number) => `$${(cents / 100).toFixed(2)}`;

/** Buys the book as `email` through the API and the test provider's pay button, as its page would. */
async function buyThroughApi(request: APIRequestContext, email: string) {
  const post = (path: string, data: unknown) => request.post(path, { headers: { origin: appOrigin() }, data });
  expect((await post('/api/auth/sign-in', { email, password: 'quire-demo-pass' })).status()).toBe(200);
  const started = (await (await post('/api/checkout', { bookIds: ['demo-the-second-draft'] })).json()) as { url: string };
  const sessionId = started.url.replace('/checkout/test-pay/', '');
  expect((await post(`/api/payments/test/${sessionId}/pay`, { cardNumber: '4242424242424242' })).status()).toBe(200);
}

test('a reader buys a book with the test card and finds it in the payment history, with its receipt', async ({ page }) => {
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
  const row = page.getByRole('table', { name: 'Payment history' }).getByRole('row').filter({ hasText: BOOK });
  await expect(row).toContainText(dollars(PRICE));
  await expect(row).toContainText('Paid');
  await expect(page.getByRole('heading', { name: 'Earnings' })).toHaveCount(0); // readers earn nothing here (axe: accessibility.spec.ts)
  await row.getByRole('link', { name: /^Receipt for order Q-/ }).click();
  await expect(page).toHaveURL(new RegExp(`/my-purchases/${orderId}$`));
  await expect(page.getByRole('article', { name: /^Receipt for order Q-/ })).toContainText(BOOK);
});

test('the demo author sees what a book earned per book and month, moves the months in the URL and downloads the CSV', async ({ page, request }) => {
  await buyThroughApi(request, DEMO.admin);
  await signIn(page, DEMO.author);
  await page.goto('/settings/billing');
  const earnings = page.getByRole('region', { name: 'Earnings' });
  const bookRow = page
    .getByRole('table', { name: /^Earnings by book/ })
    .getByRole('row')
    .filter({ hasText: BOOK });
  await expect(bookRow).toContainText('Author');
  // One reading of the row (the other test's sale may land any moment): copies, then their amounts.
  const cells = await bookRow.getByRole('cell').allInnerTexts();
  const sold = Number.parseInt(cells[1]!, 10);
  expect(sold).toBeGreaterThanOrEqual(1);
  expect(cells[1]).toContain(dollars(sold * PRICE));
  expect(cells[3]).toBe(dollars(sold * EARNED));
  const thisMonth = new Date().toLocaleDateString('en-US', { month: 'short', year: 'numeric', timeZone: 'UTC' });
  await expect(
    page
      .getByRole('table', { name: /^Earnings by month/ })
      .getByRole('row')
      .filter({ hasText: thisMonth }),
  ).toBeVisible();
  await expect(earnings.getByText('How earnings are worked out')).toBeVisible();
  await expectAccessible(page);

  // The CSV of the range shown: a header row, then the book's month with amounts as decimals.
  const downloading = page.waitForEvent('download');
  await page.getByRole('link', { name: 'Download CSV' }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toMatch(/^quire-earnings-\d{4}-\d{2}-to-\d{4}-\d{2}\.csv$/);
  const lines = fs.readFileSync((await download.path())!, 'utf8').split('\r\n');
  expect(lines[0]).toBe('month,book_id,title,role,currency,units_sold,gross_sales,payment_fees,units_refunded,refunds,earnings');
  const line = lines.find((l) => l.includes(',demo-the-second-draft,'))!.split(',');
  const copies = Number(line[5]);
  expect(copies).toBeGreaterThanOrEqual(1);
  const decimal = (cents: number) => (cents / 100).toFixed(2);
  expect(line).toEqual([
    expect.stringMatching(/^\d{4}-\d{2}$/),
    'demo-the-second-draft',
    BOOK,
    'author',
    'USD',
    String(copies),
    decimal(copies * PRICE),
    decimal(copies * FEE),
    '0',
    '0.00',
    decimal(copies * EARNED),
  ]);

  // Another range lives in the URL; going back brings the sales back.
  await page.getByLabel('From', { exact: true }).fill('2020-01');
  await page.getByLabel('To', { exact: true }).fill('2020-12');
  await page.getByRole('button', { name: 'Show' }).click();
  await expect(page).toHaveURL(/\/settings\/billing\?from=2020-01&to=2020-12$/);
  await expect(earnings.getByRole('heading', { name: 'No sales yet' })).toBeVisible();
  await expect(earnings.getByText('from January 2020 to December 2020')).toBeVisible();
  await page.goBack();
  await expect(bookRow).toContainText('Author');

  // A range that ends before it starts is refused next to the field, without asking the server.
  await page.getByLabel('From', { exact: true }).fill('2024-05');
  await page.getByLabel('To', { exact: true }).fill('2024-04');
  await page.getByRole('button', { name: 'Show' }).click();
  await expect(page.getByText('Choose a month after the start month.')).toBeVisible();
  await expect(page).toHaveURL(/\/settings\/billing$/);
});
