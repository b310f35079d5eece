/**
 * A long book's chapters (decision 054): its detail lists a window around the opening chapter with
 * the count and the readable words, and GET /api/books/:id/chapter-list/:page gives the rest by
 * position, behind the book's access rule, with the readable words before each page.
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { getBook, getBookChapterList, getBookToc } from '../../sync/api/books';
import { buildSignedInUser } from '../admin/test-helpers';
import { CHAPTER_LIST_PAGE, CHAPTER_WINDOW, CHAPTERS_INLINE_MAX } from '../limits';
import { answerOf, buildTestContext, errorOf, type TestContext } from '../test/test-context';
import { longEpub } from './epub/test-epubs';
import { importPublishedBook } from './test-books';

const CHAPTERS = CHAPTER_LIST_PAGE * 2 + 100; // 600: past CHAPTERS_INLINE_MAX, three pages

let t: TestContext;
let bookId: string;
let authorCookie: string;
/** Words of each chapter in order, as stored. */
let words: number[];
beforeEach(async () => {
  t = await buildTestContext();
  const author = await buildSignedInUser(t.ctx, { roles: ['author'] });
  authorCookie = author.cookie;
  bookId = await importPublishedBook(t, authorCookie, longEpub(CHAPTERS));
  words = (await t.ctx.db.selectFrom('bookChapters').select('wordCount').where('bookId', '=', bookId).orderBy('ord').execute()).map((r) => r.wordCount);
});
afterEach(async () => {
  await t.close();
});

const sum = (list: number[]) => list.reduce((a, b) => a + b, 0);
const detail = async (cookie?: string) => await answerOf(await t.request(`/api/books/${bookId}`, { cookie }), getBook);
const page = (n: number | string, cookie?: string) => t.request(`/api/books/${bookId}/chapter-list/${n}`, { cookie });

describe('a long book’s chapter list', () => {
  it('comes with the book as a window: the opening chapters, the count, the stored words', async () => {
    expect(CHAPTERS).toBeGreaterThan(CHAPTERS_INLINE_MAX);
    const book = await detail(authorCookie);
    expect(book.chapters).toHaveLength(CHAPTER_WINDOW.size);
    expect(book.chapters[0]).toEqual({ id: expect.any(String), title: 'Chapter 1', linear: true, wordCount: words[0], readable: true });
    expect(book.chapterWindow).toEqual({ count: CHAPTERS, from: 0, wordsBefore: 0, words: sum(words), pageSize: CHAPTER_LIST_PAGE });
    const stored = await t.ctx.db.selectFrom('books').select('wordCount').where('id', '=', bookId).executeTakeFirstOrThrow();
    expect(stored.wordCount).toBe(sum(words));
    // Its contents are long too: they come on their own (decision 053).
    expect(book.tocSize).toBe(CHAPTERS);
  });

  it('gives the rest in pages by position, with the readable words before each', async () => {
    const second = await answerOf(await page(1, authorCookie), getBookChapterList);
    expect(second.from).toBe(CHAPTER_LIST_PAGE);
    expect(second.wordsBefore).toBe(sum(words.slice(0, CHAPTER_LIST_PAGE)));
    expect(second.chapters).toHaveLength(CHAPTER_LIST_PAGE);
    expect(second.chapters[0]!.title).toBe(`Chapter ${CHAPTER_LIST_PAGE + 1}`);
    expect(second.chapters.every((c) => c.readable)).toBe(true);
    const last = await answerOf(await page(2, authorCookie), getBookChapterList);
    expect(last.chapters).toHaveLength(100);
    expect(last.chapters.at(-1)!.title).toBe(`Chapter ${CHAPTERS}`);
    expect((await page(3, authorCookie)).status).toBe(404);
    for (const bad of ['-1', 'x', '1.5', '9999999']) {
      const res = await page(bad, authorCookie);
      expect(res.status).toBe(400);
      expect((await errorOf(res)).message).toBe('The page is a number from 0.');
    }
  });

  it('answers a sample reader with the sample alone readable and its words as the book’s', async () => {
    const reader = await buildSignedInUser(t.ctx);
    for (const cookie of [reader.cookie, undefined]) {
      const book = await detail(cookie);
      expect(book.access).toBe('sample');
      expect(book.chapters.map((c) => c.readable).slice(0, 3)).toEqual([true, false, false]);
      expect(book.chapterWindow).toMatchObject({ count: CHAPTERS, from: 0, wordsBefore: 0, words: words[0] });
      const later = await answerOf(await page(1, cookie), getBookChapterList);
      expect(later.wordsBefore).toBe(words[0]);
      expect(later.chapters.some((c) => c.readable)).toBe(false);
    }
  });

  it('is hidden with the book: an unpublished book’s list does not exist for others', async () => {
    await t.ctx.db.updateTable('books').set({ status: 'draft' }).where('id', '=', bookId).execute();
    const stranger = await buildSignedInUser(t.ctx, { username: 'stranger' });
    expect((await page(0, stranger.cookie)).status).toBe(404);
    expect((await page(0)).status).toBe(404);
    expect((await page(0, authorCookie)).status).toBe(200);
    expect((await t.request(`/api/books/nope/chapter-list/0`, { cookie: authorCookie })).status).toBe(404);
  });

  it('stands the linear chapters in for contents a long book does not have', async () => {
    await t.ctx.db.updateTable('books').set({ toc: '[]' }).where('id', '=', bookId).execute();
    await t.ctx.db.updateTable('bookChapters').set({ linear: 0 }).where('bookId', '=', bookId).where('ord', '=', 3).execute();
    const book = await detail(authorCookie);
    expect(book.toc).toEqual([]);
    expect(book.tocSize).toBe(CHAPTERS - 1);
    const { toc } = await answerOf(await t.request(`/api/books/${bookId}/toc`, { cookie: authorCookie }), getBookToc);
    expect(toc).toHaveLength(CHAPTERS - 1);
    expect(toc[3]).toEqual({ title: 'Chapter 5', chapterId: expect.any(String), children: [] });
  });
});
