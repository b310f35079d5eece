/**
 * Printing and manuscripts in the library. An owner prints a demo book from the library: pages
 * appear with page numbers, the contents carry page numbers, a verso carries the book title as
 * its running head; someone who does not own the book is refused. An author's new manuscript
 * shows on /books and opens in the reader with its text. A downloaded book typesets offline.
 */
import { expect, type Page } from '@playwright/test';
import { DEMO, expectAccessible, signIn, test } from './fixtures';

const pages = (page: Page) => page.locator('.printable-pages .pagedjs_page');

async function typesetDone(page: Page, trim: string) {
  await expect(page.getByTestId('printable-status')).toHaveText(new RegExp(`^\\d+ pages at ${trim.replace(/[.()×]/g, '.')}`), { timeout: 45_000 });
}

test.describe('printable', () => {
  test('an owner typesets a book in pages from the library; a non-owner is refused', async ({ page }) => {
    test.setTimeout(120_000);
    await signIn(page, DEMO.reader);
    await page.goto('/books');
    await page.getByRole('link', { name: 'Print / PDF: The Patient Draft' }).click();
    await expect(page).toHaveURL(/\/printable\/demo-the-patient-draft$/);
    await expect(page.getByRole('heading', { name: 'Print “The Patient Draft”' })).toBeVisible();
    await typesetDone(page, '6 × 9 in');
    expect(await pages(page).count()).toBeGreaterThanOrEqual(8);

    // Page numbers: every page with chapter text has its number in the bottom margin; the
    // cover, title page, contents and blank pages have none.
    const numbered = await pages(page).evaluateAll((els) =>
      els.map((el) => {
        const content = el.querySelector('.pagedjs_margin-bottom-center .pagedjs_margin-content');
        return {
          n: Number(el.getAttribute('data-page-number')),
          text: Boolean(el.querySelector('.pp-chapter p')),
          number: content ? getComputedStyle(content, '::after').content : 'none',
        };
      }),
    );
    const withText = numbered.filter((p) => p.text);
    expect(withText.length).toBeGreaterThanOrEqual(4);
    expect(withText.every((p) => p.n > 0 && p.number === 'counter(page)')).toBe(true);
    expect(numbered.slice(0, 3).map((p) => p.number)).toEqual(['none', 'none', 'none']);

    // Contents: each entry resolves to the page its chapter starts on (a recto: odd).
    const toc = await page
      .locator('.pp-toc a')
      .evaluateAll((links) => links.map((a) => ({ title: a.textContent, counter: getComputedStyle(a, '::after').counterReset })));
    expect(toc.map((e) => e.title)).toEqual(['Start Smaller Than You Think', 'The Daily Page', 'Revision Is Reading Slowly', 'Showing Your Work']);
    const numbers = toc.map((e) => Number(/(\d+)\s*$/.exec(e.counter)?.[1]));
    expect(numbers.every((n) => n > 0 && n % 2 === 1)).toBe(true);
    expect(numbers).toEqual([...numbers].sort((a, b) => a - b));
    const startPage = await page
      .locator('.pagedjs_page:has(#pp-ch-' + (await page.locator('.pp-chapter').first().getAttribute('data-chapter-id')) + ')')
      .first()
      .getAttribute('data-page-number');
    expect(Number(startPage)).toBe(numbers[0]);

    // A smaller trim: chapters run over, and versos carry the book title as their running head.
    await page.getByLabel('Trim size').selectOption('5x8');
    await typesetDone(page, '5 × 8 in');
    const heads = await page
      .locator('.pagedjs_left_page:has(.pp-chapter p) .pagedjs_margin-top-left .pagedjs_margin-content')
      .evaluateAll((els) => els.map((el) => getComputedStyle(el, '::after').content));
    expect(heads.length).toBeGreaterThan(0);
    expect(heads.every((h) => h === '"The Patient Draft"')).toBe(true);
    // Paged.js justifies the last line of a paragraph it splits over two pages; every other paragraph
    // of a chapter that runs over keeps a ragged last line (not inherited from their split container).
    const lastLines = await page
      .locator('.pp-chapter p:not([data-split-to])')
      .evaluateAll((paragraphs) => [...new Set(paragraphs.map((p) => getComputedStyle(p).textAlignLast))]);
    expect(lastLines).toEqual(['auto']);
    await expect(page.getByRole('button', { name: 'Print / Save as PDF' })).toBeEnabled();
    await expectAccessible(page);

    // Not in the reader's library: a clear refusal, and the API says 403.
    await page.goto('/printable/demo-small-weathers');
    await expect(page.getByRole('heading', { name: "You can't print this book" })).toBeVisible();
    await expect(page.getByText("Only the book's owners and authors can print it.")).toBeVisible();
    await expect(pages(page)).toHaveCount(0);
    expect((await page.request.get('/api/books/demo-small-weathers/printable')).status()).toBe(403);
  });

  test('a downloaded book typesets offline from its download; one that is not downloaded says why', async ({ page, context }) => {
    test.setTimeout(120_000);
    await signIn(page, DEMO.reader);
    await page.goto('/books');
    await page.evaluate(async () => (await navigator.serviceWorker.ready).active?.state);
    await page.getByRole('button', { name: 'Download The Patient Draft' }).click();
    await expect(page.getByRole('button', { name: 'Remove download of The Patient Draft' })).toBeVisible({ timeout: 30_000 });

    await context.route('**/api/sync/**', (route) => route.abort());
    await context.setOffline(true);
    const cold = await context.newPage();
    await cold.goto('/printable/demo-the-patient-draft');
    await expect(cold.getByText("You're offline: this is the downloaded copy of the book.")).toBeVisible();
    await typesetDone(cold, '6 × 9 in');
    expect(await pages(cold).count()).toBeGreaterThanOrEqual(8);
    await expect(cold.locator('.pp-toc a')).toHaveCount(4);

    // A book in the library that was never downloaded cannot be typeset offline, and the page says so.
    await cold.goto('/printable/demo-small-weathers');
    await expect(cold.getByRole('heading', { name: "You're offline" })).toBeVisible();
    await context.setOffline(false);
  });

  test("an author's manuscript appears in the library and opens in the reader with its text", async ({ page, browser }) => {
    test.setTimeout(120_000);
    await signIn(page, DEMO.author);
    const title = `Draft ${Date.now().toString(36)}`;
    await page.goto('/editor');
    await page.getByLabel('Title').fill(title);
    await page.getByRole('button', { name: 'Create manuscript' }).click();
    await expect(page).toHaveURL(/\/editor\/[\w-]+\/[\w-]+$/);
    const manuscriptId = new URL(page.url()).pathname.split('/')[2]!;
    await expect(page.getByTestId('chapter-sync')).toHaveText('Synced');
    await page.getByTestId('chapter-text').click();
    await page.keyboard.type('The lighthouse keeper counted every wave twice.');
    await expect(page.getByTestId('chapter-sync')).toHaveText('Synced');
    // The manuscript document reaches the server by replication; wait until it reads as a book.
    await expect.poll(async () => (await page.request.get(`/api/manuscripts/${manuscriptId}/book`)).status(), { timeout: 20_000 }).toBe(200);

    await page.goto('/books');
    const item = page.getByTestId('library-manuscript').filter({ hasText: title });
    await expect(item).toBeVisible();
    await expect(item).toContainText('Your manuscript');
    await expectAccessible(page);
    await item.getByRole('link', { name: title }).click();
    await expect(page).toHaveURL(new RegExp(`/books/manuscript/${manuscriptId}$`));
    await expect(page.getByRole('heading', { name: title })).toBeVisible();
    await expect(page.getByTestId('reader-columns')).toContainText('The lighthouse keeper counted every wave twice.', { timeout: 15_000 });
    await expect(page.getByTestId('reader-progress')).toContainText('%');

    // Someone else's manuscript is not theirs to read.
    const other = await browser.newContext();
    const reader = await other.newPage();
    await signIn(reader, DEMO.reader);
    expect((await reader.request.get(`/api/manuscripts/${manuscriptId}/book`)).status()).toBe(404);
    await other.close();
  });
});
