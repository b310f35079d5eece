/**
 * Every real EPUB in ../shared/fixtures/epub (W3C samples) imports and opens in the reader
 * (Moby-Dick in reader.spec.ts, the others here): the first page shows text or a drawn picture,
 * the contents list every entry of the book's table of contents, and the last entry jumps to its
 * chapter. Without the shared fixtures a small EPUB built here stands in, and the run says so.
 * A fixed-layout sample dropped in there (the W3C collection's Page Blanche, Haruko or Cole's
 * Voyage of Life) is also checked as pages: the first one drawn at its size, scaled to fit.
 * Today's fixtures have none; fixed-layout.spec.ts reads a picture book built for it.
 */
import fs from 'node:fs';
import path from 'node:path';
import { expect } from '@playwright/test';
import type { BookDetailResponse } from '../../sync/api/books';
import type { TocEntry } from '../../sync/book-format';
import { epub3 } from '../../server/books/epub/test-epubs';
import { DEMO, importEpub, signIn, test } from './fixtures';

const DIR = path.resolve(process.cwd(), '../shared/fixtures/epub');
// Moby-Dick is read end to end by reader.spec.ts; importing it here too would re-import the same
// book (same identifier) under that journey while it reads.
const READ_ELSEWHERE = new Set(['moby-dick.epub']);
const books: { name: string; bytes: () => Buffer }[] = fs.existsSync(DIR)
  ? fs
      .readdirSync(DIR)
      .filter((f) => f.endsWith('.epub') && !READ_ELSEWHERE.has(f))
      .sort()
      .map((f) => ({ name: f, bytes: () => fs.readFileSync(path.join(DIR, f)) }))
  : [{ name: 'built.epub', bytes: () => Buffer.from(epub3()) }];
if (!fs.existsSync(DIR)) console.log(`fixture-books: ${DIR} is absent; opening a small built EPUB instead of the W3C samples`);

const flatten = (entries: TocEntry[]): TocEntry[] => entries.flatMap((e) => [e, ...flatten(e.children)]);

for (const book of books) {
  test(`${book.name} imports and opens in the reader`, async ({ page }) => {
    test.setTimeout(120_000);
    await signIn(page, DEMO.admin);
    const bookId = await importEpub(page, book.bytes());
    const detail = (await (await page.request.get(`/api/books/${bookId}`)).json()) as BookDetailResponse;

    await page.goto(`/books/${bookId}`);
    const chapter = page.locator('section.reader-chapter').first();
    await expect(chapter).toBeVisible({ timeout: 20_000 });
    // The first page shows the book: its words, or a drawn picture (a cover page has no text).
    await expect
      .poll(() => chapter.evaluate((el) => (el.textContent ?? '').trim().length > 0 || [...el.querySelectorAll('img')].some((img) => img.naturalWidth > 0)))
      .toBe(true);
    await expect(page.locator('section.reader-chapter script')).toHaveCount(0);
    if (detail.layout === 'pre-paginated') {
      const first = page.locator('.reader-fxl-slot[data-page]').first();
      const box = (await first.boundingBox())!;
      const size = detail.chapters.find((c) => c.readable)!.viewport;
      expect(box.width).toBeGreaterThan(100);
      if (size) expect(box.width / box.height).toBeCloseTo(size.width / size.height, 1);
    }

    const toc = flatten(detail.toc);
    expect(toc.length).toBeGreaterThan(0);
    await page.getByRole('button', { name: 'Contents' }).click();
    const entries = page.getByRole('dialog', { name: 'Contents' }).getByRole('treeitem');
    await expect(entries).toHaveCount(toc.length);
    const last = toc[toc.length - 1]!;
    await entries.last().click();
    await expect(page.getByRole('dialog', { name: 'Contents' })).toBeHidden();
    await expect(page.locator(`section.reader-chapter[data-chapter-id="${last.chapterId}"]`)).toBeVisible();
  });
}
