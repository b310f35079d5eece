/**
 * A very long publication (decision 053): a 10,000-chapter EPUB built here is imported, opens on
 * its first page without the contents coming along, and its contents drawer (virtualised: a few
 * dozen rows in the DOM) opens at the current chapter, moves by keyboard with its tree semantics
 * intact, and jumps to chapter 9,000. The time to the first page is recorded, not asserted: on
 * two shared cores it says more about the machine than about the reader.
 */
import { expect, test } from '@playwright/test';
import type { BookDetailResponse } from '../../sync/api/books';
import { longEpub } from '../../server/books/epub/test-epubs';
import { DEMO, expectAccessible, importEpub, signIn } from './fixtures';

const CHAPTERS = 10_000;

test('a 10,000-chapter book opens at once, and its contents jump to chapter 9,000', async ({ page }, testInfo) => {
  test.setTimeout(240_000); // building, uploading and importing 10,000 chapters on a shared core
  await signIn(page, DEMO.author);
  const identifier = `urn:uuid:long-book-${Date.now().toString(36)}`;
  const bookId = await importEpub(page, longEpub(CHAPTERS, { identifier }));
  const detail = (await (await page.request.get(`/api/books/${bookId}`)).json()) as BookDetailResponse;
  expect(detail.chapters).toHaveLength(CHAPTERS);
  expect(detail.tocSize).toBe(CHAPTERS);
  expect(detail.toc).toEqual([]);

  // For comparison, the first page of a short book on this machine right now.
  const shortId = await importEpub(page, longEpub(12, { identifier: `${identifier}-short` }));
  await page.goto(`/books/${shortId}`);
  await expect(page.locator('section.reader-chapter').first()).toContainText('This is day 1 of the almanac');
  const shortMs = Math.round(await page.evaluate(() => performance.now()));

  // The first page, timed from the start of navigation; the contents are not fetched for it.
  const tocRequests: string[] = [];
  page.on('request', (r) => {
    if (r.url().endsWith(`/api/books/${bookId}/toc`)) tocRequests.push(r.url());
  });
  await page.goto(`/books/${bookId}`);
  const chapter = page.locator('section.reader-chapter').first();
  await expect(chapter).toContainText('This is day 1 of the almanac');
  const firstPageMs = Math.round(await page.evaluate(() => performance.now()));
  const timing = `first page ${firstPageMs} ms after navigation started (a 12-chapter book: ${shortMs} ms)`;
  testInfo.annotations.push({ type: 'first page', description: timing });
  console.info(`long-book: ${CHAPTERS} chapters, ${timing}`);
  expect(tocRequests).toEqual([]);

  // The contents: fetched on opening, a tree of 10,000 entries with only the rows in view rendered.
  await page.getByRole('button', { name: 'Contents' }).click();
  const drawer = page.getByRole('dialog', { name: 'Contents' });
  const tree = drawer.getByRole('tree', { name: 'Contents' });
  const current = tree.getByRole('treeitem', { name: 'Chapter 1', exact: true });
  await expect(current).toHaveAttribute('aria-current', 'location');
  await expect(current).toHaveAttribute('aria-setsize', String(CHAPTERS));
  await expect(current).toHaveAttribute('aria-posinset', '1');
  expect(tocRequests).toHaveLength(1);
  expect(await tree.getByRole('treeitem').count()).toBeLessThan(80);
  await page.screenshot({ path: testInfo.outputPath('long-book-contents-desktop.png') });
  await expectAccessible(page);

  // Keyboard: Tab from the close button enters the tree at the current chapter; End goes to the last entry.
  await page.keyboard.press('Tab');
  await expect(current).toBeFocused();
  await page.keyboard.press('ArrowDown');
  await expect(tree.getByRole('treeitem', { name: 'Chapter 2', exact: true })).toBeFocused();
  await page.keyboard.press('End');
  const last = tree.getByRole('treeitem', { name: `Chapter ${CHAPTERS}`, exact: true });
  await expect(last).toBeFocused();
  await expect(last).toHaveAttribute('aria-posinset', String(CHAPTERS));
  await page.keyboard.press('Home');
  await expect(current).toBeFocused();

  // Scroll to chapter 9,000 as a reader would, and open it.
  await tree.locator('..').evaluate((scroller) => (scroller.scrollTop = 8_999 * 40 - 200));
  await tree.getByRole('treeitem', { name: 'Chapter 9000', exact: true }).click();
  await expect(drawer).toBeHidden();
  await expect(page.locator('section.reader-chapter').first()).toContainText('This is day 9000 of the almanac');

  // Opened again, the contents are scrolled to the current chapter.
  await page.getByRole('button', { name: 'Contents' }).click();
  const here = tree.getByRole('treeitem', { name: 'Chapter 9000', exact: true });
  await expect(here).toHaveAttribute('aria-current', 'location');
  await expect(here).toBeInViewport();

  // The drawer on a phone.
  await page.setViewportSize({ width: 390, height: 844 });
  await expect(here).toBeInViewport();
  await page.screenshot({ path: testInfo.outputPath('long-book-contents-phone.png') });
  await expectAccessible(page);
});
