/**
 * /export: an author exports a manuscript to EPUB, Word, a print PDF and Markdown and downloads
 * each (the EPUB is a ZIP with the mimetype first and stored, and a navigation document; the DOCX
 * a ZIP with the text in word/document.xml; the PDF pages of the chosen trim size); a reader
 * cannot export someone else's manuscript. Screenshots at desktop and phone width.
 */
import fs from 'node:fs';
import { expect, type Page } from '@playwright/test';
import { strFromU8, unzipSync } from 'fflate';
import { PDFDocument } from 'pdf-lib';
import { createManuscript, typeAtEnd } from './editor-helpers';
import { DEMO, appOrigin, expectAccessible, signIn, signedIn, test } from './fixtures';

const LINE = 'The ferry left at dawn, and nobody on the quay waved.';

/** Exports the chosen manuscript in `format` from /export and returns the downloaded bytes. */
async function exportAndDownload(
  page: Page,
  title: string,
  format: 'EPUB 3' | 'Word (DOCX)' | 'Print PDF' | 'Markdown',
  trim?: string,
): Promise<{ name: string; bytes: Buffer }> {
  await page.getByLabel('What to export').selectOption({ label: title });
  await page.getByRole('radio', { name: new RegExp(`^${format.replace(/[()]/g, '\\$&')}`) }).check();
  if (trim) await page.getByLabel('Trim size', { exact: true }).selectOption({ label: trim });
  const before = await page.locator('.export-item').count();
  await page.getByRole('button', { name: 'Export', exact: true }).click();
  const item = page.locator('.export-item').first();
  await expect(page.locator('.export-item')).toHaveCount(before + 1);
  await expect(item).toHaveAttribute('data-state', 'done', { timeout: 30_000 });
  await expect(item).toContainText(format);
  const [download] = await Promise.all([page.waitForEvent('download'), item.getByRole('link', { name: /^Download/ }).click()]);
  const path = await download.path();
  return { name: download.suggestedFilename(), bytes: fs.readFileSync(path) };
}

test('an author exports a manuscript to EPUB, Word, a print PDF and Markdown and downloads them', async ({ page }) => {
  await signIn(page, DEMO.author);
  const title = `Export journey ${Date.now().toString(36)}`;
  await createManuscript(page, title);
  await typeAtEnd(page, LINE);
  await expect(page.getByTestId('chapter-sync')).toHaveText('Synced');

  await page.goto('/export');
  await expect(page.getByRole('heading', { level: 1, name: 'Export' })).toBeVisible();
  const epub = await exportAndDownload(page, title, 'EPUB 3');
  expect(epub.name).toMatch(/\.epub$/);
  // The mimetype is the first entry and stored (compression method 0).
  expect(epub.bytes.subarray(30, 38).toString('latin1')).toBe('mimetype');
  expect(epub.bytes.readUInt16LE(8)).toBe(0);
  const files = unzipSync(new Uint8Array(epub.bytes));
  expect(Object.keys(files)[0]).toBe('mimetype');
  expect(strFromU8(files['OEBPS/nav.xhtml']!)).toContain('epub:type="toc"');
  expect(strFromU8(files['OEBPS/content.opf']!)).toContain('properties="nav"');
  expect(Object.entries(files).some(([name, data]) => name.startsWith('OEBPS/text/') && strFromU8(data).includes(LINE))).toBe(true);

  const docx = await exportAndDownload(page, title, 'Word (DOCX)');
  expect(docx.name).toMatch(/\.docx$/);
  expect(docx.bytes.subarray(0, 2).toString('latin1')).toBe('PK');
  const word = unzipSync(new Uint8Array(docx.bytes));
  expect(strFromU8(word['word/document.xml']!)).toContain(LINE);
  expect(strFromU8(word['docProps/core.xml']!)).toContain(`<dc:title>${title}</dc:title>`);

  // The print layout's pages, typeset on the server at the trim asked for: 5.5 × 8.5 in is 396 × 612 pt.
  const pdf = await exportAndDownload(page, title, 'Print PDF', '5.5 × 8.5 in');
  expect(pdf.name).toMatch(/-5\.5x8\.5\.pdf$/);
  const printed = await PDFDocument.load(new Uint8Array(pdf.bytes));
  expect(printed.getTitle()).toBe(title);
  expect(printed.getPageCount()).toBeGreaterThanOrEqual(3); // title page, contents, the chapter
  expect(printed.getPages().map((p) => `${Math.round(p.getWidth())}×${Math.round(p.getHeight())}`)).toEqual(printed.getPages().map(() => '396×612'));

  const markdown = await exportAndDownload(page, title, 'Markdown');
  expect(markdown.name).toMatch(/\.md$/);
  expect(markdown.bytes.toString('utf8')).toContain(LINE);

  await expectAccessible(page);
  await page.screenshot({ path: test.info().outputPath('export-desktop.png'), fullPage: true });
  await page.setViewportSize({ width: 390, height: 844 });
  await expect(page.locator('.export-item').first()).toBeVisible();
  await page.screenshot({ path: test.info().outputPath('export-phone.png'), fullPage: true });
});

test("a reader cannot export someone else's manuscript", async ({ page, browser }) => {
  await signIn(page, DEMO.author);
  const title = `Not yours ${Date.now().toString(36)}`;
  await createManuscript(page, title);
  const manuscriptId = /\/editor\/([\w-]+)\//.exec(page.url())![1]!;

  const reader = await signedIn(browser, DEMO.reader);
  const res = await reader.context.request.post('/api/exports', {
    headers: { origin: appOrigin() },
    data: { source: 'manuscript', id: manuscriptId, format: 'epub' },
  });
  expect(res.status()).toBe(404);
  await reader.page.goto('/export');
  await expect(reader.page.getByRole('heading', { name: 'All my account data' })).toBeVisible();
  await expect(reader.page.getByRole('option', { name: title })).toHaveCount(0);
  await reader.context.close();
});
