/**
 * The signed-in home: a new reader takes the free demo book, reads a few pages, comes home and
 * finds it under "Continue reading" with its percent, one click from the place they left; every
 * book card on home opens its book. A fresh account, because other journeys read as the demo reader.
 */
import { expect, type Page } from '@playwright/test';
import type { LibraryResponse } from '../../sync/api/library';
import { adminPage, appOrigin, expectAccessible, freshAccount, test } from './fixtures';

const columns = (page: Page) => page.getByTestId('reader-columns');
const chapterId = (page: Page) => page.locator('section.reader-chapter').first().getAttribute('data-chapter-id');

test.describe('home', () => {
  test.use({ viewport: { width: 1366, height: 850 } });

  test('continue reading returns to the book, and book cards open books', async ({ page, browser }) => {
    test.setTimeout(90_000);
    await freshAccount(page, await adminPage(browser), 'Hana Home');
    const claimed = await page.request.post('/api/checkout', { headers: { origin: appOrigin() }, data: { bookIds: ['demo-the-patient-draft'] } });
    expect(claimed.status(), await claimed.text()).toBe(201);
    // A first visit with nothing under way says "Welcome", later ones "Welcome back".
    await page.goto('/');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(/^Welcome, /);
    await page.reload();
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(/^Welcome back, /);
    await expect(page.getByRole('heading', { name: 'Continue reading' })).toHaveCount(0);

    const { books } = (await (await page.request.get('/api/library')).json()) as LibraryResponse;
    expect(books.map((b) => b.id)).toEqual(['demo-the-patient-draft']);
    const book = books[0]!;

    // Read: turn a few pages from the start.
    await page.goto(`/books/${book.id}`);
    await expect(columns(page)).toHaveAttribute('data-spread', /\d+/);
    // Each turn lands before the next: a page within the chapter, or the next (short) chapter.
    const place = async () => `${await chapterId(page)}#${await columns(page).getAttribute('data-spread')}`;
    for (let i = 0; i < 2; i++) {
      const before = await place();
      await page.keyboard.press('ArrowRight');
      await expect.poll(place).not.toBe(before);
    }
    await page.waitForTimeout(1000); // the position is written a moment after the last turn
    const readingPlace = await place();

    // Home, by the site's own link: the book is under "Continue reading" with a percent.
    await page.getByRole('link', { name: 'Back to the library' }).click();
    await page.getByRole('link', { name: /Quire/ }).first().click();
    await expect(page).toHaveURL(/\/$/);
    await expect(page.getByRole('heading', { level: 1 })).toContainText('Welcome back');
    const shelf = page.getByRole('region', { name: 'Continue reading' });
    const bar = shelf.getByRole('progressbar', { name: `${book.title}: read` });
    await expect(bar).toBeVisible();
    const pct = Number(await bar.getAttribute('aria-valuenow'));
    expect(pct).toBeGreaterThan(0);
    expect(pct).toBeLessThan(100);
    await expect(shelf).toContainText(`${pct}% read`);
    await expectAccessible(page);

    // After a reload it paints from the snapshot, and one click is back at the place.
    await page.reload();
    await shelf.getByRole('link', { name: book.title }).click();
    await expect(page).toHaveURL(new RegExp(`/books/${book.id}$`));
    await expect.poll(place, { timeout: 15_000 }).toBe(readingPlace);

    // A book card on home is one link named by its title; its wishlist button still works.
    await page.goto('/');
    const card = page.getByRole('region', { name: 'New releases' }).getByRole('article').first();
    const link = card.getByRole('link');
    await expect(link).toHaveCount(1);
    const title = (await link.textContent())!;
    await card.getByRole('button', { name: /wishlist/i }).click();
    await expect(page).toHaveURL(/\/$/);
    // A click anywhere on the card, here the middle of its cover, lands on the link. The cover is
    // brought to the middle of the window first: the wishlist click may have scrolled it under the
    // sticky header or out of sight (a CI run clicked the header), and a click by coordinates
    // goes wherever they point.
    await card.locator('.book-cover').evaluate((el) => el.scrollIntoView({ block: 'center' }));
    const cover = (await card.locator('.book-cover').boundingBox())!;
    await page.mouse.click(cover.x + cover.width / 2, cover.y + cover.height / 2);
    await expect(page).toHaveURL(/\/book\/[^/]+$/);
    await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible();
  });
});
