/**
 * A fixed-layout (pre-paginated) picture book end to end: built here as an EPUB, imported, and
 * read. The first page is drawn (its panel and picture have a size, inside the page box), keys
 * and the turn button go to pages 2 and 3, a wide screen shows two facing pages, a thumbnail
 * jumps, a reload comes back to the same page (and takes a bookmark before the device's database
 * has opened), the SVG page shows, and axe finds nothing serious.
 */
import { expect, type Locator, type Page } from '@playwright/test';
import type { BookDetailResponse } from '../../sync/api/books';
import { fixedLayoutEpub } from '../../server/books/epub/test-epubs';
import { DEMO, expectAccessible, importEpub, signIn, test } from './fixtures';

// Portrait: one page at a time.
test.use({ viewport: { width: 820, height: 1000 } });

const pageBox = (page: Page, n: number) => page.locator(`.reader-fxl-slot[data-page="${n}"]`);

async function box(locator: Locator) {
  const b = await locator.boundingBox();
  expect(b).not.toBeNull();
  return b!;
}

test('a fixed-layout book opens on its first page, turns, spreads, jumps and resumes', async ({ page }) => {
  test.setTimeout(120_000);
  await signIn(page, DEMO.admin);
  // A book of its own (its own reading position), however often the journey runs on this server.
  const identifier = `urn:uuid:5b0c6f9e-0000-4000-8003-${test.info().repeatEachIndex}${Date.now().toString().slice(-11)}`;
  const bookId = await importEpub(page, fixedLayoutEpub({ identifier }));
  const detail = (await (await page.request.get(`/api/books/${bookId}`)).json()) as BookDetailResponse;
  expect(detail.layout).toBe('pre-paginated');

  await page.goto(`/books/${bookId}`);
  const reader = page.getByTestId('reader-fxl');
  await expect(reader).toHaveAttribute('data-pages', '1');
  await expect(reader).toHaveAttribute('aria-busy', 'false');
  await expect(reader).toHaveAttribute('data-two-up', 'false');

  // Page 1 is drawn, not blank: its panel, picture and caption have a size, inside the page box.
  const first = pageBox(page, 1);
  const panel = first.locator('.panel');
  await expect(panel).toBeVisible();
  const [pageRect, panelRect] = [await box(first), await box(panel)];
  expect(panelRect.width).toBeGreaterThan(100);
  expect(panelRect.height).toBeGreaterThan(100);
  expect(panelRect.x).toBeGreaterThanOrEqual(pageRect.x);
  expect(panelRect.x + panelRect.width).toBeLessThanOrEqual(pageRect.x + pageRect.width + 1);
  // Scaled to fit: the 600×800 page keeps its shape and fills the height it has.
  expect(pageRect.width / pageRect.height).toBeCloseTo(0.75, 2);
  await expect.poll(() => first.locator('img.boat').evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0)).toBe(true);
  await expect(first.getByText('Page 1: the little boat sails on.')).toBeVisible();
  await expect(page.getByTestId('reader-progress')).toHaveText('Cover · Page 1 of 6 · 0%');

  // Turns: a key, then the turn button.
  await page.keyboard.press('ArrowRight');
  await expect(reader).toHaveAttribute('data-pages', '2');
  await expect(pageBox(page, 2).locator('.panel')).toBeVisible();
  await page.getByRole('button', { name: 'Next page' }).click();
  await expect(reader).toHaveAttribute('data-pages', '3');
  await expect(page.getByTestId('reader-progress')).toHaveText('Page 3 of 6 · 40%');

  // A wide screen: pages 2 and 3 face each other (the cover stood alone on the right).
  await page.setViewportSize({ width: 1366, height: 850 });
  await expect(reader).toHaveAttribute('data-two-up', 'true');
  await expect(reader).toHaveAttribute('data-pages', '2 3');
  const [left, right] = [await box(pageBox(page, 2)), await box(pageBox(page, 3))];
  expect(left.x + left.width).toBeCloseTo(right.x, 0);
  expect(left.height).toBeCloseTo(right.height, 0);
  await expect(pageBox(page, 3).locator('.panel')).toBeVisible();

  // The Pages drawer: thumbnails drawn as pictures of their pages; one jumps.
  await page.getByRole('button', { name: 'Pages', exact: true }).click();
  const drawer = page.getByRole('dialog', { name: 'Pages' });
  await expect(drawer.getByRole('button', { name: 'Page 3' })).toHaveAttribute('aria-current', 'page');
  const thumb = drawer.getByRole('button', { name: 'Page 1: Cover' }).locator('.reader-thumb-page');
  await expect.poll(() => thumb.evaluate((el) => el.shadowRoot?.querySelector('.panel')?.getBoundingClientRect().width ?? 0)).toBeGreaterThan(0);
  await drawer.getByRole('button', { name: 'Page 5' }).click();
  await expect(drawer).toBeHidden();
  await expect(reader).toHaveAttribute('data-pages', '4 5');
  await expect(page.getByTestId('reader-progress')).toHaveText('Page 5 of 6 · 80%');

  // Reloading comes back to the same page, once its position is written.
  const fifth = detail.chapters[4]!.id;
  await expect
    .poll(() => page.evaluate((id) => Object.entries(localStorage).find(([k]) => k.startsWith('quire-reader-position:') && k.endsWith(id)), bookId))
    .toBeTruthy();
  await expect
    .poll(() => page.evaluate((id) => Object.entries(localStorage).find(([k]) => k.endsWith(id))?.[1] ?? '', bookId))
    .toContain(`"chapterId":"${fifth}"`);
  // This time the device's database opens late (as on a busy phone): the page shows at once
  // from the remembered position, and a bookmark made before the database is open still counts.
  await page.addInitScript(() => {
    window.requestIdleCallback = (task) => window.setTimeout(() => task({ didTimeout: true, timeRemaining: () => 0 }), 3_000);
  });
  await page.reload();
  await expect(reader).toHaveAttribute('data-pages', '4 5');
  await expect(page.getByTestId('reader-progress')).toHaveText('Page 5 of 6 · 80%');

  // A bookmark marks the page.
  const bookmark = page.getByRole('button', { name: 'Bookmark' });
  await bookmark.click();
  await expect(bookmark).toHaveAttribute('aria-pressed', 'true');

  // The last page is an SVG document, drawn as an image of itself.
  await page.keyboard.press('ArrowRight');
  await expect(reader).toHaveAttribute('data-pages', '6');
  await expect
    .poll(() =>
      pageBox(page, 6)
        .locator('img')
        .evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0),
    )
    .toBe(true);
  await expect(bookmark).toHaveAttribute('aria-pressed', 'false');

  await expectAccessible(page);
});
