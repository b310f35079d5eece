/**
 * Very long publications (decisions 053 and 054). A 10,000-chapter EPUB built here is imported and
 * opens on its first page within a second, as a 12-chapter book does: its first response carries a
 * window of chapters, not all 10,000, and neither its chapter list nor its contents are fetched
 * for the first page. Its contents drawer (virtualised) jumps to chapter 9,000; the page turns
 * across chapters the reader was never sent, with the progress and the chapter's title; a bookmark
 * there is listed and goes back; a search names the one chapter that holds the words (the server
 * searches, decision 054) and the reader fetches only that one. A 600-chapter book (also
 * windowed) downloaded for offline reading opens, turns, lists its contents and searches with the
 * network gone.
 */
import { expect, type Page } from '@playwright/test';
import type { BookDetailResponse } from '../../sync/api/books';
import { longEpub } from '../../server/books/epub/test-epubs';
import { DEMO, expectAccessible, importEpub, signIn, test } from './fixtures';

const CHAPTERS = 10_000;
const chapter = (page: Page) => page.locator('section.reader-chapter').first();

/**
 * Milliseconds from the start of navigation to the first page's text, and the long book's own
 * requests meanwhile. The time is taken in the page, when the chapter's text is put in it: the
 * test's own polling of the page would add up to a few hundred milliseconds to it.
 */
async function firstPage(page: Page, bookId: string, day: number) {
  const requests: string[] = [];
  const record = (r: { url(): string }) => void (r.url().includes(`/api/books/${bookId}/`) && requests.push(new URL(r.url()).pathname));
  page.on('request', record);
  await page.goto(`/books/${bookId}`);
  await expect(chapter(page)).toContainText(`This is day ${day} of the almanac`);
  const ms = await page.evaluate(() => (window as { firstTextAt?: number }).firstTextAt ?? Infinity);
  page.off('request', record);
  return { ms: Math.round(ms), requests };
}

/** Notes, in each page the test opens, when a chapter's text first appears. */
function timeFirstText(page: Page) {
  return page.addInitScript(() => {
    const observer = new MutationObserver(() => {
      if (!document.querySelector('section.reader-chapter')?.textContent?.trim()) return;
      (window as { firstTextAt?: number }).firstTextAt = performance.now();
      observer.disconnect();
    });
    observer.observe(document, { subtree: true, childList: true, characterData: true });
  });
}

// @timed: run once the other journeys are done (playwright.config.ts), so the first pages are
// timed on cores this browser and server have to themselves, as a reader's would be.
test('a 10,000-chapter book opens as fast as a short one, turns across chapters it was never sent, and jumps to chapter 9,000 @timed', async ({
  page,
}, testInfo) => {
  test.setTimeout(240_000); // building, uploading and importing 10,000 chapters on a shared core
  await signIn(page, DEMO.author);
  const identifier = `urn:uuid:long-book-${Date.now().toString(36)}`;
  const bookId = await importEpub(page, longEpub(CHAPTERS, { identifier }));
  const shortId = await importEpub(page, longEpub(12, { identifier: `${identifier}-short` }));
  const detailRes = await page.request.get(`/api/books/${bookId}`);
  const detail = (await detailRes.json()) as BookDetailResponse;
  expect(detail.chapters.length).toBeLessThan(50);
  expect(detail.chapterWindow).toMatchObject({ count: CHAPTERS, from: 0 });
  expect(detail.tocSize).toBe(CHAPTERS);
  expect((await detailRes.body()).byteLength).toBeLessThan(10_000);

  await timeFirstText(page);
  // The first page of each, three times in turn, in this run. The contract is the (≤ 1 s);
  // the ratio to a short book is reported, not asserted: a short book's first page varied from 244 to
  // 1,008 ms between runs on the shared cores, the long one's from 380 to 460 ms.
  const short: number[] = [];
  const long: number[] = [];
  for (let round = 0; round < 3; round++) {
    short.push((await firstPage(page, shortId, 1)).ms);
    const opened = await firstPage(page, bookId, 1);
    long.push(opened.ms);
    // Only the book and its first chapter: no chapter list, no contents.
    expect(opened.requests.filter((p) => /\/(chapter-list|toc)(\/|$)/.test(p))).toEqual([]);
  }
  const median = (ms: number[]) => [...ms].sort((a, b) => a - b)[1]!;
  const [shortMs, longMs] = [median(short), median(long)];
  const timing = `first page, median of 3: ${CHAPTERS} chapters ${longMs} ms, 12 chapters ${shortMs} ms (runs ${long.join('/')} and ${short.join('/')}; ratio ${(longMs / shortMs).toFixed(2)})`;
  testInfo.annotations.push({ type: 'first page', description: timing });
  console.info(`long-book: ${timing}`);
  expect(longMs).toBeLessThanOrEqual(1000);

  // The first chapter's progress comes from the stored word count, not a list of every chapter.
  await expect(page.getByTestId('reader-progress')).toContainText('Chapter 1 · 0%');
  await page.setViewportSize({ width: 1366, height: 850 });
  await page.screenshot({ path: testInfo.outputPath('long-book-reader-desktop.png') });

  // The contents: fetched on opening, a tree of 10,000 entries with only the rows in view rendered.
  await page.getByRole('button', { name: 'Contents' }).click();
  const drawer = page.getByRole('dialog', { name: 'Contents' });
  const tree = drawer.getByRole('tree', { name: 'Contents' });
  const current = tree.getByRole('treeitem', { name: 'Chapter 1', exact: true });
  await expect(current).toHaveAttribute('aria-current', 'location');
  await expect(current).toHaveAttribute('aria-setsize', String(CHAPTERS));
  await expect(current).toHaveAttribute('aria-posinset', '1');
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

  // Scroll to chapter 9,000 as a reader would, and open it: its title and place come from its page of the list.
  await tree.locator('..').evaluate((scroller) => (scroller.scrollTop = 8_999 * 40 - 200));
  await tree.getByRole('treeitem', { name: 'Chapter 9000', exact: true }).click();
  await expect(drawer).toBeHidden();
  await expect(chapter(page)).toContainText('This is day 9000 of the almanac');
  await expect(page.getByTestId('reader-progress')).toContainText('Chapter 9000 · 90%');

  // Turning past its end opens chapter 9,001, which the reader had never been sent; and back.
  // (Each chapter is one page long.)
  await page.getByRole('button', { name: 'Next page' }).click();
  await expect(chapter(page)).toContainText('This is day 9001 of the almanac');
  await expect(page.getByTestId('reader-progress')).toContainText('Chapter 9001 · 90%');
  await page.getByRole('button', { name: 'Previous page' }).click();
  await expect(chapter(page)).toContainText('This is day 9000');

  // A bookmark here is listed with its chapter's title, and goes back to it from the first chapter.
  await page.getByRole('button', { name: 'Bookmark' }).click();
  await expect(page.getByRole('button', { name: 'Bookmark' })).toHaveAttribute('aria-pressed', 'true');
  await page.getByRole('button', { name: 'Contents' }).click();
  const here = tree.getByRole('treeitem', { name: 'Chapter 9000', exact: true });
  await expect(here).toHaveAttribute('aria-current', 'location');
  await expect(here).toBeInViewport();
  await tree.locator('..').evaluate((scroller) => (scroller.scrollTop = 0));
  await tree.getByRole('treeitem', { name: 'Chapter 2', exact: true }).click();
  await expect(chapter(page)).toContainText('This is day 2 of the almanac');
  await page.getByRole('button', { name: 'Notes' }).click();
  const notes = page.getByRole('dialog', { name: 'Notes and highlights' });
  await notes.getByRole('button', { name: /Bookmark · Chapter 9000/ }).click();
  await expect(chapter(page)).toContainText('This is day 9000 of the almanac');

  // The drawer and the reader on a phone (opened first: the phone's toolbar steps aside while reading).
  await page.getByRole('button', { name: 'Contents' }).click();
  await expect(here).toBeInViewport();
  await page.setViewportSize({ width: 390, height: 844 });
  await expect(here).toBeInViewport();
  await page.screenshot({ path: testInfo.outputPath('long-book-contents-phone.png') });
  await expectAccessible(page);
  await page.keyboard.press('Escape');
  await expect(drawer).toBeHidden();
  await expect(chapter(page)).toContainText('This is day 9000 of the almanac');
  await page.screenshot({ path: testInfo.outputPath('long-book-reader-phone.png') });

  // Scroll mode lays out a window of chapters around the reader's, not 10,000 (decision 060): it
  // opens at the reader's place, jumps anywhere through the contents and a bookmark, and the
  // window follows the reader without moving the text under them.
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.getByRole('button', { name: 'Scroll' }).click();
  const scroller = page.locator('.reader-scroll');
  const rendered = scroller.locator('.quire-book > *');
  await expectAtTop(page, 9000);
  expect(await rendered.count()).toBeLessThan(60);
  await page.getByRole('button', { name: 'Contents' }).click();
  await tree.locator('..').evaluate((el) => (el.scrollTop = 9_499 * 40 - 200));
  await tree.getByRole('treeitem', { name: 'Chapter 9500', exact: true }).click();
  await expectAtTop(page, 9500);
  expect(await rendered.count()).toBeLessThan(60);
  await page.screenshot({ path: testInfo.outputPath('long-book-scroll-desktop.png') });

  // Down and back up across both edges of the window: it moves, and the text in view does not jump.
  const down = await scrollSteps(page, 300, 40);
  expect(down.moves).toBeGreaterThan(0);
  expect(down.worst).toBeLessThan(2);
  const up = await scrollSteps(page, -300, 80);
  expect(up.moves).toBeGreaterThan(0);
  expect(up.worst).toBeLessThan(2);
  expect(await rendered.count()).toBeLessThan(60);

  // The scroll bar dragged into the spacer past the window: the chapter it stood for there comes to the top.
  const dragged = await scroller.evaluate((el) => {
    const spacer = el.querySelector<HTMLElement>('.quire-book > .reader-chapter-spacer:last-child')!;
    const last = [...el.querySelectorAll<HTMLElement>('.quire-book > [data-chapter-id]')].at(-1)!.dataset.chapterId!;
    el.scrollTop += spacer.getBoundingClientRect().top - el.getBoundingClientRect().top + 100 * 0.9 * window.innerHeight;
    return Number(/d(\d+)$/.exec(last)![1]) + 101;
  });
  await expectAtTop(page, dragged);
  expect(await rendered.count()).toBeLessThan(60);

  // To the end of the book and back to its start, as the scroll bar would go.
  await expect(async () => {
    await scroller.evaluate((el) => el.scrollTo({ top: el.scrollHeight }));
    await expect(scroller.locator('section.reader-chapter', { hasText: `This is day ${CHAPTERS} of the almanac` })).toBeInViewport({ timeout: 1000 });
  }).toPass({ timeout: 20_000 });
  expect(await rendered.count()).toBeLessThan(60);
  await scroller.evaluate((el) => el.scrollTo({ top: 0 }));
  await expect(scroller.locator('section.reader-chapter', { hasText: 'This is day 1 of the almanac' })).toBeInViewport();
  expect(await rendered.count()).toBeLessThan(60);

  // The bookmark at chapter 9,000 from the start of the book; then the place is kept: a reload reopens there.
  await page.getByRole('button', { name: 'Notes' }).click();
  await notes.getByRole('button', { name: /Bookmark · Chapter 9000/ }).click();
  await expectAtTop(page, 9000);
  await expect(page.getByTestId('reader-progress')).toContainText('Chapter 9000 · 90%');
  await page.waitForTimeout(1000); // the position is written a moment after the move
  await page.reload();
  await expectAtTop(page, 9000);
  expect(await rendered.count()).toBeLessThan(60);

  // On a phone, in the middle of the book.
  await page.setViewportSize({ width: 390, height: 844 });
  await expectAtTop(page, 9000);
  await page.screenshot({ path: testInfo.outputPath('long-book-scroll-phone.png') });

  // Search, the book not downloaded: the server names the chapter holding the words, and the reader
  // fetches that one, not 10,000; the result jumps there.
  await page.setViewportSize({ width: 1280, height: 800 });
  const fetched: string[] = [];
  const record = (r: { url(): string }) => void (r.url().includes(`/api/books/${bookId}/`) && fetched.push(new URL(r.url()).pathname));
  page.on('request', record);
  await page.getByRole('button', { name: 'Search' }).click();
  const results = page.getByRole('dialog', { name: 'Search' });
  await results.getByRole('searchbox', { name: 'Search in the book' }).fill('day 9876 of');
  await page.keyboard.press('Enter');
  await expect(results.getByRole('status')).toHaveText('1 match');
  page.off('request', record);
  expect(fetched.filter((p) => p.endsWith('/search'))).toHaveLength(1);
  const chaptersFetched = fetched.filter((p) => p.includes('/chapters/'));
  expect(chaptersFetched.length, chaptersFetched.join(' ')).toBeLessThan(5);
  expect(chaptersFetched.some((p) => p.endsWith('d9876'))).toBe(true);
  await results.getByRole('button', { name: /Chapter 9876/ }).click();
  await expectAtTop(page, 9876, 'p');

  // A short book (rendered whole) jumps the same way, through the contents and a search result.
  await page.goto(`/books/${shortId}/flow`);
  await expect(scroller.locator('section.reader-chapter').first()).toBeVisible();
  await page.getByRole('button', { name: 'Contents' }).click();
  await tree.getByRole('treeitem', { name: 'Chapter 9', exact: true }).click();
  await expectAtTop(page, 9);
  await page.getByRole('button', { name: 'Search' }).click();
  await page.getByLabel('Search in the book').fill('day 4 of');
  await page.getByRole('button', { name: 'Search', exact: true }).last().click();
  await page.locator('.reader-hits button').first().click();
  await expectAtTop(page, 4, 'p');
});

/**
 * Chapter `day` of the almanac is at the top of the scroll view, once the chapters around it are
 * in: its heading (a contents entry, a bookmark of its first words), or its text (a search result).
 * A chapter is about 300 px long here: the one before or after would be far off.
 */
async function expectAtTop(page: Page, day: number, part: 'h1' | 'p' = 'h1') {
  const section = page.locator('.reader-scroll section.reader-chapter', { hasText: `This is day ${day} of the almanac` });
  await expect(section).toBeInViewport();
  const offset = () => section.locator(part).evaluate((el) => el.getBoundingClientRect().top - el.closest('.reader-scroll')!.getBoundingClientRect().top);
  await expect.poll(offset).toBeGreaterThanOrEqual(-4);
  await expect.poll(offset).toBeLessThan(60);
}

/**
 * Scrolls `steps` times by `by` px as a reader would, letting the window follow after each, and
 * says how often the window moved and how far (px) the text in view strayed from where the
 * scroll alone would have put it.
 */
function scrollSteps(page: Page, by: number, steps: number) {
  return page.locator('.reader-scroll').evaluate(
    async (el, { by, steps }) => {
      const frames = async (n: number) => {
        for (let i = 0; i < n; i++) await new Promise((r) => requestAnimationFrame(r));
      };
      const book = el.querySelector('.quire-book')!;
      const first = () => (book.querySelector(':scope > [data-chapter-id]') as HTMLElement).dataset.chapterId;
      let worst = 0;
      let moves = 0;
      for (let step = 0; step < steps; step++) {
        const top = el.getBoundingClientRect().top;
        const inView = [...book.querySelectorAll<HTMLElement>(':scope > section.reader-chapter')].find((s) => s.getBoundingClientRect().bottom > top + 50);
        if (!inView) throw new Error(`no chapter in view at step ${step}`);
        const before = inView.getBoundingClientRect().top;
        const lo = first();
        el.scrollTop += by;
        // Let the window follow (a frame after the scroll) and chapters coming near fill in.
        await frames(8);
        await new Promise((r) => setTimeout(r, 50));
        await frames(2);
        worst = Math.max(worst, Math.abs(inView.getBoundingClientRect().top - (before - by)));
        if (first() !== lo) moves++;
      }
      return { worst, moves };
    },
    { by, steps },
  );
}

test('a downloaded long book reads offline: every chapter, its list of chapters, its contents and search', async ({ page, context }) => {
  test.setTimeout(180_000); // importing and downloading 600 chapters one by one on a shared core
  const count = 600; // past the 500 that come whole with a book: its detail is a window too
  const title = `Offline Almanac ${Date.now().toString(36)}`;
  await signIn(page, DEMO.author);
  const bookId = await importEpub(page, longEpub(count, { identifier: `urn:uuid:${title}`, title }));
  await page.goto('/books');
  await page.evaluate(async () => (await navigator.serviceWorker.ready).active?.state);
  await page.getByRole('button', { name: `Download ${title}` }).click();
  await expect(page.getByRole('button', { name: `Remove download of ${title}` })).toBeVisible({ timeout: 120_000 });

  await context.route('**/api/sync/**', (route) => route.abort());
  await context.setOffline(true);
  const cold = await context.newPage();
  await cold.goto(`/books/${bookId}`);
  await expect(chapter(cold)).toContainText('This is day 1 of the almanac');

  await cold.getByRole('button', { name: 'Contents' }).click();
  const tree = cold.getByRole('dialog', { name: 'Contents' }).getByRole('tree', { name: 'Contents' });
  await tree.locator('..').evaluate((scroller) => (scroller.scrollTop = 549 * 40 - 200));
  await tree.getByRole('treeitem', { name: 'Chapter 550', exact: true }).click();
  await expect(chapter(cold)).toContainText('This is day 550 of the almanac');
  await cold.getByRole('button', { name: 'Next page' }).click();
  await expect(chapter(cold)).toContainText('This is day 551 of the almanac');
  await expect(cold.getByTestId('reader-progress')).toContainText('Chapter 551 · 92%');

  await cold.getByRole('button', { name: 'Search' }).click();
  await cold.getByRole('searchbox', { name: 'Search in the book' }).fill('day 599 of');
  await cold.keyboard.press('Enter');
  const results = cold.getByRole('dialog', { name: 'Search' });
  // Every chapter is read from the download cache (through the service worker): seconds for 600.
  await expect(results.getByRole('status')).toHaveText('1 match', { timeout: 60_000 });
  await results.getByRole('button', { name: /Chapter 599/ }).click();
  await expect(chapter(cold)).toContainText('This is day 599 of the almanac');
  await context.setOffline(false);
});
