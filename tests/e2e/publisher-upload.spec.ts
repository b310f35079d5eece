/**
 * Publisher uploads: the demo publisher bulk-uploads a CSV with one bad row (a mistyped check
 * digit), sees it reported with its line and reason before anything is imported, imports the rest
 * as drafts in the background, downloads the error report, and finds the upload in the history.
 * The ISBNs and the file name are this run's own (random 979 numbers), so the journey does not
 * depend on what other journeys did with the demo imprint.
 */
import fs from 'node:fs';
import { expect } from '@playwright/test';
import { epub3 } from '../../server/books/epub/test-epubs';
import { DEMO, expectAccessible, signIn, test } from './fixtures';
import { PHONE, sidewaysOverflow } from './every-route';

/** A random ISBN-13 under 979-8 (weights 1, 3, 1, 3 … over the first 12 digits). */
function randomIsbn(): string {
  const first12 = `9798${String(Math.floor(Math.random() * 1e8)).padStart(8, '0')}`;
  const sum = [...first12].reduce((acc, d, i) => acc + Number(d) * (i % 2 === 0 ? 1 : 3), 0);
  return first12 + String((10 - (sum % 10)) % 10);
}

const mistype = (isbn: string) => isbn.slice(0, 12) + String((Number(isbn[12]) + 1) % 10);

test('a publisher bulk-uploads a CSV with one bad row, sees it reported, the rest imported, and the history shows it', async ({ page }) => {
  const run = Date.now().toString(36);
  const fileName = `spring-list-${run}.csv`;
  const [first, bad, second] = [randomIsbn(), mistype(randomIsbn()), randomIsbn()];
  const csv = [
    'isbn,title,authors,contributors,language,price,currency,description,keywords,series,series_number',
    `${first},The Quiet Harbour ${run},Maren Holt,,en,6.99,USD,A harbour town in winter.,,,`,
    `${bad},A Mistyped Number ${run},Maren Holt,,en,4.99,USD,,,,`,
    `${second},Lanterns at Low Tide ${run},Maren Holt; Ansel Reed,Ida Brandt (Illustrator),en,8.50,EUR,Two keepers and one light.,lighthouse; tides,Harbour Tales,2`,
  ].join('\r\n');

  await signIn(page, DEMO.publisher);
  await page.goto('/publisher/upload-bulk');
  await expect(page.getByRole('heading', { level: 1, name: 'Bulk upload' })).toBeVisible();
  await expect(page.getByRole('navigation', { name: 'Publisher' }).getByRole('link', { name: 'Bulk upload' })).toHaveClass(/active/);
  await expect(page.getByRole('link', { name: 'download the template' })).toHaveAttribute('download', 'quire-upload-template.csv');
  // Every column is explained, with the form's rules (keywords up to 7, a series number needs a series).
  await page.getByText('What goes in each column').click();
  await expect(page.getByRole('definition').filter({ hasText: 'Up to 7 words or phrases, separated by semicolons' })).toBeVisible();
  await expect(page.getByRole('term').filter({ hasText: 'series_number' })).toBeVisible();

  // The report comes before anything is imported: the bad row with its line and why.
  await page.getByLabel('Metadata file (CSV or ONIX)').setInputFiles({ name: fileName, mimeType: 'text/csv', buffer: Buffer.from(csv) });
  const report = page.getByRole('region', { name: `Validation report: ${fileName}` });
  await expect(report.getByTestId('upload-ready-count')).toHaveText('2');
  await expect(report.getByTestId('upload-invalid-count')).toHaveText('1');
  const badRow = report.getByRole('row', { name: new RegExp(bad) });
  await expect(badRow).toContainText('Not valid');
  await expect(badRow).toContainText('check digit does not match');
  await expect(badRow.getByRole('cell').first()).toHaveText('3');
  await expect(report.getByRole('row', { name: new RegExp(first) })).toContainText('Ready');
  await expectAccessible(page);
  await page.screenshot({ path: test.info().outputPath('publisher-upload-report-desktop.png'), fullPage: true });

  // The import runs as a job; the upload's page follows it to the end.
  await report.getByRole('button', { name: 'Import 2 books' }).click();
  await expect(page).toHaveURL(/\/publisher\/uploads\?.*upload=/);
  // The upload's own section is named by its heading, which starts with the file's name.
  const detail = page.getByRole('region', { name: new RegExp(`^${fileName.replace(/\./g, '\\.')}`) });
  await expect(detail).toHaveAttribute('data-status', 'done');
  await expect(detail.getByTestId('upload-imported-count')).toHaveText('2');
  await expect(detail.getByTestId('upload-invalid-count')).toHaveText('1');
  await expect(detail.getByTestId('upload-failed-count')).toHaveText('0');
  await expect(detail.getByRole('row', { name: new RegExp(first) })).toContainText('Created as a draft without a manuscript yet.');
  await expect(detail.getByRole('row', { name: new RegExp(second) })).toContainText('Imported');
  await expect(detail.getByRole('row', { name: new RegExp(bad) })).toContainText('Not valid');

  // The error report lists only the bad row, with its reason.
  const download = page.waitForEvent('download');
  await detail.getByRole('link', { name: 'Download the error report (CSV)' }).click();
  const file = await download;
  expect(file.suggestedFilename()).toBe(`spring-list-${run}-errors.csv`);
  const lines = fs
    .readFileSync((await file.path())!, 'utf8')
    .trimEnd()
    .split('\r\n');
  expect(lines).toEqual(['row,reference,isbn,title,status,reasons', `3,${bad},${bad},,not valid,The ISBN’s check digit does not match: a digit is mistyped.`]);
  await page.screenshot({ path: test.info().outputPath('publisher-uploads-detail-desktop.png'), fullPage: true });

  // The history lists it with its results.
  await detail.getByRole('link', { name: '← Every upload' }).click();
  const row = page.getByRole('row', { name: new RegExp(fileName.replace(/\./g, '\\.')) });
  await expect(row).toContainText('Finished');
  await expect(row).toContainText('2 imported · 1 not valid');
  await expectAccessible(page);
});

test('on a phone, the validation report and the upload history fit the screen', async ({ browser }) => {
  const context = await browser.newContext({ viewport: PHONE });
  const page = await context.newPage();
  const fileName = `phone-list-${Date.now().toString(36)}.csv`;
  const good = randomIsbn();
  const csv = [
    'isbn,title,authors,language,price,currency',
    `${good},On a Small Screen,Maren Holt,en,2.99,USD`,
    `${randomIsbn()},No Price,Maren Holt,en,,USD`,
  ].join('\n');
  await signIn(page, DEMO.publisher);
  await page.goto('/publisher/upload-bulk');
  await page.getByText('What goes in each column').click();
  await expect(page.getByRole('term').filter({ hasText: 'contributors' })).toBeVisible();
  expect(await sidewaysOverflow(page)).toEqual([]);
  await page.screenshot({ path: test.info().outputPath('publisher-upload-columns-phone.png'), fullPage: true });
  await page.getByLabel('Metadata file (CSV or ONIX)').setInputFiles({ name: fileName, mimeType: 'text/csv', buffer: Buffer.from(csv) });
  const report = page.getByRole('region', { name: `Validation report: ${fileName}` });
  await expect(report.getByRole('row', { name: /No Price|Missing price/ })).toContainText('Missing price.');
  expect(await sidewaysOverflow(page)).toEqual([]);
  await page.screenshot({ path: test.info().outputPath('publisher-upload-report-phone.png'), fullPage: true });
  await page.goto('/publisher/uploads');
  await expect(page.getByRole('row', { name: new RegExp(fileName.replace(/\./g, '\\.')) })).toContainText('Not started');
  expect(await sidewaysOverflow(page)).toEqual([]);
  await page.screenshot({ path: test.info().outputPath('publisher-uploads-phone.png'), fullPage: true });
  await context.close();
});

test('on a phone, a publisher uploads one EPUB, confirms its metadata and price, and gets a draft', async ({ browser }) => {
  const context = await browser.newContext({ viewport: PHONE });
  const page = await context.newPage();
  const title = `The Single Voyage ${Date.now().toString(36)}`;
  await signIn(page, DEMO.publisher);
  await page.goto('/publisher/upload-single');
  await expect(page.getByRole('heading', { level: 1, name: 'Upload a book' })).toBeVisible();
  await page.getByLabel('EPUB file').setInputFiles({
    name: 'voyage.epub',
    mimeType: 'application/epub+zip',
    buffer: Buffer.from(epub3({ identifier: `urn:isbn:${randomIsbn()}`, title })),
  });
  const confirm = page.getByRole('region', { name: '2. Confirm' });
  await expect(confirm.getByTestId('upload-title')).toHaveText(title);
  await expect(confirm).toContainText('Ann Author, Ed Editor');
  await confirm.getByLabel('Price').fill('4.5.0');
  await confirm.getByRole('button', { name: 'Create draft' }).click();
  await expect(confirm.getByText('Write the price like 9.99, without a currency sign.')).toBeVisible();
  expect(await sidewaysOverflow(page)).toEqual([]);
  await expectAccessible(page);
  await page.screenshot({ path: test.info().outputPath('publisher-upload-single-phone.png'), fullPage: true });
  await confirm.getByLabel('Price').fill('4.50');
  await confirm.getByRole('button', { name: 'Create draft' }).click();
  await expect(page.getByText('Draft created')).toBeVisible();
  await expect(page.getByText(`“${title}” is a draft of`)).toBeVisible();
  await page.setViewportSize({ width: 1366, height: 850 });
  await page.screenshot({ path: test.info().outputPath('publisher-upload-single-desktop.png'), fullPage: true });
  await context.close();
});

test('a long file’s report comes a page at a time, and the rows with problems can be shown alone', async ({ page }) => {
  const run = Date.now().toString(36);
  const fileName = `backlist-${run}.csv`;
  const isbns = Array.from({ length: 250 }, () => randomIsbn());
  // Lines 6 and 181 (the header is line 1) are wrong: a mistyped check digit, a missing price.
  isbns[4] = mistype(isbns[4]!);
  const rows = isbns.map((isbn, i) => `${isbn},Backlist ${i + 1} ${run},Maren Holt,en,${i === 179 ? '' : '3.99'},USD`);
  const csv = ['isbn,title,authors,language,price,currency', ...rows].join('\n');
  await signIn(page, DEMO.publisher);
  await page.goto('/publisher/upload-bulk');
  await page.getByLabel('Metadata file (CSV or ONIX)').setInputFiles({ name: fileName, mimeType: 'text/csv', buffer: Buffer.from(csv) });
  const report = page.getByRole('region', { name: `Validation report: ${fileName}` });
  await expect(report.getByTestId('upload-ready-count')).toHaveText('248');
  const pager = report.getByRole('navigation', { name: 'Pages of rows' });
  await expect(pager).toContainText('Rows 1–100 of 250');
  await expect(report.getByRole('row', { name: new RegExp(`Backlist 100 ${run}`) })).toBeVisible();
  await pager.getByRole('button', { name: 'Next' }).click();
  await expect(pager).toContainText('Rows 101–200 of 250');
  await expect(report.getByRole('row', { name: new RegExp(`Backlist 101 ${run}`) })).toBeVisible();
  await expect(report.getByRole('row', { name: new RegExp(`Backlist 100 ${run}`) })).toHaveCount(0);

  await report.getByLabel('Show').selectOption('problems');
  await expect(report.getByRole('row')).toHaveCount(3); // the header and the two bad rows
  await expect(report.getByRole('row', { name: new RegExp(isbns[4]!) })).toContainText('check digit does not match');
  await expect(
    report
      .getByRole('row', { name: /Missing price/ })
      .getByRole('cell')
      .first(),
  ).toHaveText('181');
  await expect(pager).toHaveCount(0);
  await expectAccessible(page);
  await page.screenshot({ path: test.info().outputPath('publisher-upload-report-problems-desktop.png'), fullPage: true });
});
