/**
 * /publisher/isbn: the demo publisher imports a block of ISBNs and a pasted list (its bad line
 * reported with its number), gives one to the imprint's forthcoming draft, and exports the pool as
 * CSV. The numbers are this journey's own (no other journey imports ISBNs); the draft is the seed's
 * (server/seed/forthcoming-book.ts), which only this journey assigns.
 */
import fs from 'node:fs';
import { expect, type Page } from '@playwright/test';
import { DEMO, expectAccessible, signIn, test } from './fixtures';
import { PHONE, sidewaysOverflow } from './every-route';

const BLOCK_START = '978-1-4028-9462-6';
const LIST = ['9780306406157', '0-8044-2957-X', '978-0-14-044913-6', '979-10-90636-07-1'];

async function openPool(page: Page) {
  await page.goto('/publisher/isbn');
  await expect(page.getByRole('heading', { level: 1, name: 'ISBNs' })).toBeVisible();
  await expect(page.getByRole('navigation', { name: 'Publisher' }).getByRole('link', { name: 'ISBNs' })).toHaveClass(/active/);
}

test('a publisher imports a block and a list, sees the bad line, assigns an ISBN to a book and exports the CSV', async ({ page }) => {
  await signIn(page, DEMO.publisher);
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Publisher' }).click();
  await openPool(page);
  const importer = page.getByRole('region', { name: 'Import ISBNs' });

  // A block of five from its first ISBN.
  await importer.getByLabel('First ISBN of the block').fill(BLOCK_START);
  await importer.getByLabel('How many ISBNs').fill('5');
  await importer.getByRole('button', { name: 'Import block' }).click();
  await expect(importer.getByText('Imported 5 ISBNs.')).toBeVisible();
  const pool = page.getByRole('region', { name: 'Your ISBNs' });
  await expect(pool.getByTestId('isbn-free-count')).toHaveText('5');
  await expect(pool.getByRole('row', { name: /978-1-4028-9462-6/ })).toContainText('Free');
  await expectAccessible(page);

  // A list with one bad line (line 3: a mistyped check digit), reported next to the form.
  await importer.getByRole('tab', { name: 'A list' }).click();
  await importer.getByLabel('ISBNs, one per line').fill([LIST[0], LIST[1], '978-0-14-044913-8', LIST[2], LIST[3]].join('\n'));
  await importer.getByRole('button', { name: 'Import list' }).click();
  await expect(importer.getByText('Imported 4 ISBNs.')).toBeVisible();
  const problems = importer.getByRole('listitem');
  await expect(problems).toHaveCount(1);
  await expect(problems.first()).toContainText('Line 3');
  await expect(problems.first()).toContainText('978-0-14-044913-8');
  await expect(problems.first()).toContainText('check digit');
  await expect(pool.getByTestId('isbn-free-count')).toHaveText('9');
  // A 979 number has no ISBN-10; the ISBN-10 came in as its ISBN-13.
  await expect(pool.getByRole('row', { name: /979-?10-?90636/ })).toContainText('No ISBN-10');
  await expect(pool.getByRole('row', { name: /978-0-8044-2957-3/ })).toContainText('ISBN-10 080442957X');
  await expectAccessible(page);

  // Assign the block's first ISBN to the imprint's forthcoming draft.
  await pool.getByRole('button', { name: 'Assign 978-1-4028-9462-6' }).click();
  const dialog = page.getByRole('dialog', { name: 'Assign 978-1-4028-9462-6' });
  await dialog.getByLabel('Book').selectOption({ label: "The Lamplighter's Almanac (draft)" });
  await expectAccessible(page);
  await dialog.getByRole('button', { name: 'Assign ISBN' }).click();
  await expect(page.getByText("978-1-4028-9462-6 is now the ISBN of “The Lamplighter's Almanac”.")).toBeVisible();
  await expect(dialog).toHaveCount(0);
  const assigned = pool.getByRole('row', { name: /978-1-4028-9462-6/ });
  await expect(assigned).toContainText('Assigned');
  await expect(assigned).toContainText("The Lamplighter's Almanac");
  await expect(pool.getByTestId('isbn-assigned-count')).toHaveText('1');
  await expect(pool.getByTestId('isbn-free-count')).toHaveText('8');

  // Only the assigned ones, then the CSV of the whole pool.
  await pool.getByLabel('Show').selectOption('assigned');
  await expect(page).toHaveURL(/state=assigned/);
  await expect(pool.getByRole('row')).toHaveCount(2);
  const download = page.waitForEvent('download');
  await pool.getByRole('link', { name: 'Export CSV' }).click();
  const file = await download;
  expect(file.suggestedFilename()).toMatch(/^isbns-\d{4}-\d{2}-\d{2}\.csv$/);
  const lines = fs
    .readFileSync((await file.path())!, 'utf8')
    .trimEnd()
    .split('\r\n');
  expect(lines[0]).toBe('isbn13,isbn13_hyphenated,isbn10,state,book_id,book_title,assigned_at_utc,added_at_utc');
  expect(lines).toHaveLength(10);
  expect(lines.find((l) => l.startsWith('9781402894626,'))).toContain(",assigned,demo-the-lamplighters-almanac,The Lamplighter's Almanac,");

  await page.getByLabel('Show').selectOption('all');
  await page.screenshot({ path: test.info().outputPath('publisher-isbn-desktop.png'), fullPage: true });
});

test('on a phone the pool and the import form fit the screen', async ({ browser }) => {
  const context = await browser.newContext({ viewport: PHONE });
  const page = await context.newPage();
  await signIn(page, DEMO.publisher);
  await openPool(page);
  await expect(page.getByRole('region', { name: 'Import ISBNs' })).toBeVisible();
  await expect(page.locator('[aria-busy="true"], .skeleton')).toHaveCount(0);
  expect(await sidewaysOverflow(page)).toEqual([]);
  await expectAccessible(page);
  await page.screenshot({ path: test.info().outputPath('publisher-isbn-phone.png'), fullPage: true });
  await context.close();
});
