/**
 * Very long publications (decision 053): a 10,000-chapter EPUB imports through the synchronous
 * sideload route within bounded time, and one past the limit is refused with a 422 that says why.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { getBook, getBookChapterList, getBookToc, getPrintableBook } from '../../sync/api/books';
import { addSideload } from '../../sync/api/library';
import { buildSignedInUser } from '../admin/test-helpers';
import { CHAPTER_LIST_PAGE, CHAPTER_WINDOW, EPUB_MAX_CHAPTERS } from '../limits';
import { answerOf, buildTestContext, errorOf, type TestContext } from '../test/test-context';
import { longEpub } from './epub/test-epubs';

let t: TestContext;
afterEach(async () => {
  await t.close();
});

function sideload(cookie: string, bytes: Uint8Array) {
  return t.request('/api/library/sideloads', {
    method: 'POST',
    cookie,
    body: new Blob([bytes as Uint8Array<ArrayBuffer>]),
    headers: { 'content-type': 'application/epub+zip' },
  });
}

describe('a book of 10,000 chapters', () => {
  it('imports, and its chapters are all stored in order', async () => {
    t = await buildTestContext();
    const reader = await buildSignedInUser(t.ctx);
    const bytes = longEpub(EPUB_MAX_CHAPTERS);
    // Peak RSS (the kernel's high-water mark for this process, in KiB) before and after: how much
    // the import grew the process's memory at its worst, whatever the garbage collector did between.
    const peakBefore = process.resourceUsage().maxRSS;
    const started = performance.now();
    const res = await sideload(reader.cookie, bytes);
    const ms = Math.round(performance.now() - started);
    const peakGrowthMb = (process.resourceUsage().maxRSS - peakBefore) / 1024;
    expect(res.status).toBe(201);
    const { book } = await answerOf(res, addSideload);
    console.info(
      `Imported ${EPUB_MAX_CHAPTERS} chapters (${(bytes.byteLength / 1024 / 1024).toFixed(1)} MB EPUB) in ${ms} ms; peak RSS grew by ${peakGrowthMb.toFixed(0)} MB`,
    );

    const rows = await t.ctx.db.selectFrom('bookChapters').select(['title', 'ord']).where('bookId', '=', book.id).orderBy('ord').execute();
    expect(rows).toHaveLength(EPUB_MAX_CHAPTERS);
    expect(rows[8999]).toEqual({ title: 'Chapter 9000', ord: 8999 });
    expect(rows.at(-1)!.title).toBe(`Chapter ${EPUB_MAX_CHAPTERS}`);

    // The book's detail leaves the long contents and most chapters out (decisions 053 and 054): it
    // is as small as a short book's; the rest come on their own, to the owner only.
    const detailStarted = performance.now();
    const detailRes = await t.request(`/api/books/${book.id}`, { cookie: reader.cookie });
    const detailBytes = (await detailRes.clone().arrayBuffer()).byteLength;
    const detail = await answerOf(detailRes, getBook);
    console.info(`Book detail of ${EPUB_MAX_CHAPTERS} chapters: ${detailBytes} bytes in ${Math.round(performance.now() - detailStarted)} ms`);
    expect(detailBytes).toBeLessThan(10_000);
    expect(detail.toc).toEqual([]);
    expect(detail.tocSize).toBe(EPUB_MAX_CHAPTERS);
    expect(detail.chapters).toHaveLength(CHAPTER_WINDOW.size);
    expect(detail.chapterWindow).toMatchObject({ count: EPUB_MAX_CHAPTERS, from: 0, wordsBefore: 0 });
    // Chapter 9,000 is at position 8,999: on the page by position, nine tenths into the book by words.
    const n = Math.floor(8999 / CHAPTER_LIST_PAGE);
    const page = await answerOf(await t.request(`/api/books/${book.id}/chapter-list/${n}`, { cookie: reader.cookie }), getBookChapterList);
    const ch9000 = page.chapters[8999 - page.from]!;
    expect(ch9000.title).toBe('Chapter 9000');
    expect((page.wordsBefore + (8999 - page.from) * ch9000.wordCount) / detail.chapterWindow!.words).toBeCloseTo(0.8999, 4);
    const { toc } = await answerOf(await t.request(`/api/books/${book.id}/toc`, { cookie: reader.cookie }), getBookToc);
    expect(toc).toHaveLength(EPUB_MAX_CHAPTERS);
    expect(toc[8999]).toEqual({ title: 'Chapter 9000', chapterId: ch9000.id, children: [] });
    const stranger = await buildSignedInUser(t.ctx, { username: 'stranger' });
    expect((await t.request(`/api/books/${book.id}/toc`, { cookie: stranger.cookie })).status).toBe(404);
    // Printing lists every entry.
    const printable = await answerOf(await t.request(`/api/books/${book.id}/printable`, { cookie: reader.cookie }), getPrintableBook);
    expect(printable.book.toc).toHaveLength(EPUB_MAX_CHAPTERS);
    expect(printable.book.chapters).toHaveLength(EPUB_MAX_CHAPTERS);
    expect(printable.book.chapterWindow).toBeUndefined();
  }, 120_000);

  it('refuses one chapter more with a 422 that names the limit', async () => {
    t = await buildTestContext();
    const reader = await buildSignedInUser(t.ctx);
    const res = await sideload(reader.cookie, longEpub(EPUB_MAX_CHAPTERS + 1));
    expect(res.status).toBe(422);
    expect((await errorOf(res)).message).toBe('The EPUB has 10,001 chapters; Quire takes books of up to 10,000.');
  }, 120_000);
});
