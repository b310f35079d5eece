/**
 * The reader end to end: import Moby-Dick (the real fixture, or a small built EPUB when the
 * shared fixtures are absent) as an admin, who owns what they import, then read it: keyboard
 * page turns, contents, a highlight with a note, flow and back at the same place, a second
 * device at the same place with the highlight, and a downloaded book read offline after a cold start.
 * A book's own images: shown with their AVIF/WebP variants online, the original offline.
 */
import fs from 'node:fs';
import path from 'node:path';
import { expect, type Page } from '@playwright/test';
import sharp from 'sharp';
import type { ChapterResponse } from '../../sync/api/books';
import { epub3 } from '../../server/books/epub/test-epubs';
import { DEMO, expectAccessible, importEpub, signIn, watchPage, test } from './fixtures';

const FIXTURE = path.resolve(process.cwd(), '../shared/fixtures/epub/moby-dick.epub');

const columns = (page: Page) => page.getByTestId('reader-columns');
const chapterId = (page: Page) => page.locator('section.reader-chapter').first().getAttribute('data-chapter-id');

/** A point on a word in the upper middle of the visible page, for a double-click selection. */
async function wordPoint(page: Page): Promise<{ x: number; y: number }> {
  return page.evaluate(() => {
    const clip = document.querySelector('.reader-clip, .reader-scroll')!.getBoundingClientRect();
    const walker = document.createTreeWalker(document.querySelector('section.reader-chapter')!, NodeFilter.SHOW_TEXT);
    for (let n = walker.nextNode(); n; n = walker.nextNode()) {
      for (const m of (n.textContent ?? '').matchAll(/[A-Za-z]{5,}/g)) {
        const r = document.createRange();
        r.setStart(n, m.index);
        r.setEnd(n, m.index + m[0].length);
        const rect = r.getClientRects()[0];
        if (!rect) continue;
        const cx = rect.left + rect.width / 2;
        if (cx > clip.left + clip.width * 0.32 && cx < clip.left + clip.width * 0.68 && rect.top > clip.top && rect.bottom < clip.top + clip.height * 0.6)
          return { x: cx, y: rect.top + rect.height / 2 };
      }
    }
    throw new Error('no word found on the page');
  });
}

test.describe('reader', () => {
  test.use({ viewport: { width: 820, height: 760 } });

  // The offline cold start's own log, attached when the journey fails: a blank page says why.
  let coldStart: ReturnType<typeof watchPage> | undefined;
  // eslint-disable-next-line no-empty-pattern -- Playwright reads the fixtures from this pattern; the hook needs none
  test.afterEach(async ({}, testInfo) => {
    if (coldStart && testInfo.status !== testInfo.expectedStatus)
      await testInfo.attach('offline cold start', { body: await coldStart.report(), contentType: 'text/plain' });
    coldStart = undefined;
  });

  test('reads, highlights, keeps its place across modes, devices and the network', async ({ page, browser, context }) => {
    test.setTimeout(120_000);
    await signIn(page, DEMO.admin);
    const bookId = await importEpub(page, fs.existsSync(FIXTURE) ? fs.readFileSync(FIXTURE) : epub3());

    await page.goto('/books');
    // This book's own card: the admin's library holds other journeys' books too, in any order.
    const card = page.getByRole('listitem').filter({ has: page.locator(`a[href="/books/${bookId}"]`) });
    const download = card.getByRole('button', { name: /^Download / });
    await expect(card.getByRole('heading', { level: 2 })).toBeVisible();

    await page.goto(`/books/${bookId}`);
    await expect(columns(page)).toHaveAttribute('data-spread', '0');
    await expect(page.getByTestId('reader-progress')).toContainText('min left in chapter');
    await expectAccessible(page);

    // Keyboard page turns move the column container, not the chapter.
    const spreads = Number(await columns(page).getAttribute('data-spreads'));
    if (spreads > 2) {
      await page.keyboard.press('ArrowRight');
      await expect(columns(page)).toHaveAttribute('data-spread', '1');
      await page.keyboard.press('PageDown');
      await expect(columns(page)).toHaveAttribute('data-spread', '2');
      await page.keyboard.press('ArrowLeft');
      await expect(columns(page)).toHaveAttribute('data-spread', '1');
    } else {
      const before = await chapterId(page);
      await page.keyboard.press('Space');
      await expect.poll(() => chapterId(page)).not.toBe(before);
    }

    // A bookmark shows on its page (pressed, a ribbon) and a second press removes it.
    const bookmark = page.getByRole('button', { name: 'Bookmark' });
    await expect(bookmark).toHaveAttribute('aria-pressed', 'false');
    await bookmark.click();
    await expect(bookmark).toHaveAttribute('aria-pressed', 'true');
    await expect(page.getByTestId('bookmark-ribbon')).toBeVisible();
    await page.getByRole('button', { name: 'Notes' }).click();
    await expect(page.getByRole('dialog', { name: 'Notes and highlights' }).getByText(/Bookmark ·/)).toBeVisible();
    await page.getByRole('button', { name: 'Close notes and highlights' }).click();
    await bookmark.click();
    await expect(bookmark).toHaveAttribute('aria-pressed', 'false');
    await expect(page.getByTestId('bookmark-ribbon')).toBeHidden();

    // Opening Search puts the cursor in its box.
    await page.getByRole('button', { name: 'Search' }).click();
    await expect(page.getByRole('searchbox', { name: 'Search in the book' })).toBeFocused();
    await page.keyboard.press('Escape');

    // Jump by the table of contents to a later entry.
    await page.getByRole('button', { name: 'Contents' }).click();
    const entries = page.getByRole('dialog', { name: 'Contents' }).getByRole('treeitem');
    const target = entries.nth(Math.min(6, (await entries.count()) - 1));
    await target.click();
    await expect(page.getByRole('dialog', { name: 'Contents' })).toBeHidden();
    await page.keyboard.press('ArrowRight');
    const readingChapter = await chapterId(page);

    // Highlight a word with a note.
    const point = await wordPoint(page);
    await page.mouse.dblclick(point.x, point.y);
    await page.getByRole('toolbar', { name: 'Highlight' }).getByRole('button', { name: 'Add note' }).click();
    await page.getByLabel('Note').fill('Call me a note');
    await page.getByRole('button', { name: 'Highlight green' }).click();
    await page.getByRole('button', { name: 'Save highlight' }).click();
    const mark = page.locator('mark.quire-hl-green');
    await expect(mark.first()).toBeInViewport();
    await expect(mark.first()).toHaveAttribute('title', 'Call me a note');

    // Flow and back: the highlight (next to the saved position) stays in view.
    await page.getByRole('button', { name: 'Scroll' }).click();
    await expect(page).toHaveURL(new RegExp(`/books/${bookId}/flow$`));
    await expect(page.locator('mark.quire-hl-green').first()).toBeInViewport();
    await page.getByRole('button', { name: 'Pages' }).click();
    await expect(page).toHaveURL(new RegExp(`/books/${bookId}$`));
    await expect(page.locator('mark.quire-hl-green').first()).toBeInViewport();
    expect(await chapterId(page)).toBe(readingChapter);
    await page.waitForTimeout(1000); // the position is written a moment after the last turn

    // A second device of the same account opens at the same place and sees the highlight.
    const other = await browser.newContext({ viewport: { width: 820, height: 760 } });
    const second = await other.newPage();
    await signIn(second, DEMO.admin);
    await second.goto(`/books/${bookId}`);
    await expect.poll(() => chapterId(second), { timeout: 15_000 }).toBe(readingChapter);
    await expect(second.locator('mark.quire-hl-green').first()).toBeInViewport({ timeout: 15_000 });
    await second.getByRole('button', { name: 'Notes' }).click();
    await expect(second.getByRole('dialog', { name: 'Notes and highlights' })).toContainText('Call me a note');
    await other.close();

    // Download, go offline, cold-start a new page and read.
    await page.goto('/books');
    await page.evaluate(async () => (await navigator.serviceWorker.ready).active?.state);
    await download.click();
    await expect(card.getByText(/Available offline ·/)).toBeVisible({ timeout: 30_000 });
    // The device's storage is said once for the library, not on every book.
    await expect(page.getByText(/used on this device/)).toHaveCount(1);
    await context.route('**/api/sync/**', (route) => route.abort());
    await context.setOffline(true);
    const cold = await context.newPage();
    coldStart = watchPage(cold);
    await cold.goto(`/books/${bookId}`);
    await expect(columns(cold)).toHaveAttribute('data-spread', /\d+/);
    await expect.poll(() => chapterId(cold)).toBe(readingChapter);
    await expect(cold.locator('section.reader-chapter')).not.toBeEmpty();
    const images = cold.locator('section.reader-chapter img');
    for (let i = 0; i < (await images.count()); i++) {
      await expect.poll(() => images.nth(i).evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0)).toBe(true);
    }
    await cold.keyboard.press('ArrowRight');
    await cold.getByRole('button', { name: 'Search' }).click();
    await cold.getByLabel('Search in the book').fill('the');
    await cold.getByRole('button', { name: 'Search', exact: true }).last().click();
    await expect(cold.getByRole('status').filter({ hasText: /match/ })).toBeVisible({ timeout: 30_000 });
    // Scroll mode fills in the chapters a reader comes near, the last one too.
    await cold.getByRole('button', { name: 'Close search' }).click();
    await cold.getByRole('button', { name: 'Scroll' }).click();
    const scroller = cold.locator('.reader-scroll');
    await expect(scroller.locator('section.reader-chapter').first()).toBeVisible();
    await scroller.evaluate((el) => el.scrollTo({ top: el.scrollHeight }));
    await expect(scroller.locator('.quire-book > [data-chapter-id]').last()).toHaveClass(/\breader-chapter\b/);
    await context.setOffline(false);
  });

  test('shows a chapter image with its variants online and the original offline', async ({ page, context }) => {
    test.setTimeout(120_000);
    await signIn(page, DEMO.admin);
    const harbour = await sharp({ create: { width: 1200, height: 700, channels: 3, background: '#2f6b5a' } })
      .png()
      .toBuffer();
    const bookId = await importEpub(
      page,
      epub3({
        identifier: 'urn:uuid:5b0c6f9e-0000-4000-8000-00000000e013',
        title: 'A Harbour in Pictures',
        resources: [{ path: 'images/harbour.png', mediaType: 'image/png', data: harbour }],
        chapters: [
          { id: 'ch1', title: 'The Harbour', body: '<h1>The Harbour</h1><p><img src="images/harbour.png" alt="The harbour at dawn"/></p><p>Boats.</p>' },
        ],
      }),
    );
    // The variants are made in the images lane a moment after the import.
    const chapterId = (await page.request.get(`/api/books/${bookId}`).then((r) => r.json())).chapters[0].id as string;
    await expect
      .poll(async () => ((await (await page.request.get(`/api/books/${bookId}/chapters/${chapterId}`)).json()) as ChapterResponse).xhtml, { timeout: 60_000 })
      .toContain('<picture class="quire-picture">');

    await page.goto(`/books/${bookId}`);
    const image = page.locator('section.reader-chapter img[alt="The harbour at dawn"]');
    await expect(page.locator('section.reader-chapter picture source[type="image/avif"]')).toHaveAttribute(
      'srcset',
      /^\/api\/images\/[0-9a-f]{64}\.avif 320w, /,
    );
    await expect(page.locator('section.reader-chapter picture source[type="image/webp"]')).toHaveAttribute('srcset', /\.webp 1200w$/);
    await expect
      .poll(() => image.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0 && img.currentSrc))
      .toMatch(/\/api\/images\/[0-9a-f]{64}\.avif$/);
    await expect(image).toHaveAttribute('src', `/api/books/${bookId}/assets/images/harbour.png`);
    await page.screenshot({ path: test.info().outputPath('chapter-image.png') });

    // Downloaded, then offline with the variant never cached: the original shows.
    await page.goto('/books');
    await page.evaluate(async () => (await navigator.serviceWorker.ready).active?.state);
    const card = page.getByRole('listitem').filter({ has: page.locator(`a[href="/books/${bookId}"]`) });
    await card.getByRole('button', { name: /^Download / }).click();
    await expect(card.getByText(/Available offline ·/)).toBeVisible({ timeout: 30_000 });
    await page.evaluate(async () => {
      const covers = await caches.open('quire-covers');
      for (const key of await covers.keys()) if (new URL(key.url).pathname.startsWith('/api/images/')) await covers.delete(key);
    });
    await context.route('**/api/sync/**', (route) => route.abort());
    await context.setOffline(true);
    const cold = await context.newPage();
    coldStart = watchPage(cold);
    await cold.goto(`/books/${bookId}`);
    const offlineImage = cold.locator('section.reader-chapter img[alt="The harbour at dawn"]');
    await expect
      .poll(() => offlineImage.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0 && new URL(img.currentSrc).pathname))
      .toBe(`/api/books/${bookId}/assets/images/harbour.png`);
    await expect(cold.locator('section.reader-chapter picture source')).toHaveCount(0);
    await context.setOffline(false);
  });
});
