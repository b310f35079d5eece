/**
 * saveBook stages a book's chapters a batch at a time and moves them into the book in its one
 * transaction (decision 060): readers and writers are never held up while chapters are read, see
 * the old book or the new one and never part of either, and a failure leaves nothing staged.
 */
import { afterEach, describe, expect, it } from 'vitest';
import type { CanonicalBookInput, ChapterInput } from '../../sync/book-format';
import { DAY } from '../limits';
import { buildTestContext, type TestContext } from '../test/test-context';
import { saveBook, type StreamedBook } from './save-book';

let t: TestContext;
afterEach(async () => {
  await t.close();
});

const head = (title: string): Omit<CanonicalBookInput, 'chapters'> => ({
  metadata: {
    id: 'bk-stream',
    slug: 'the-streamed-book',
    title,
    language: 'en',
    contributors: [{ name: 'Ann Author', role: 'author' }],
    priceCents: 0,
    currency: 'USD',
    genres: [],
  },
  assets: [],
  toc: [{ title: 'The last chapter', chapterId: 'bk-stream-1200', children: [] }],
});
const chapter = (n: number, text = `Day ${n}.`): ChapterInput => ({ id: `bk-stream-${n}`, title: `Chapter ${n}`, xhtml: `<p>${text}</p>` });

/** 1,200 chapters in batches of 500, `between` run after each batch is handed over. */
function streamed(title: string, between: (batch: number) => Promise<void> = async () => {}, edit = (n: number) => chapter(n)): StreamedBook {
  async function* batches() {
    for (let b = 0; b < 3; b++) {
      yield Array.from({ length: b < 2 ? 500 : 200 }, (_, i) => edit(b * 500 + i + 1));
      await between(b);
    }
  }
  return { chapterBatches: batches(), head: () => head(title) };
}

const stored = () =>
  t.ctx.db.selectFrom('bookChapters').select(['id', 'title', 'xhtml', 'wordCount']).where('bookId', '=', 'bk-stream').orderBy('ord').execute();
const staged = async () => (await t.ctx.db.selectFrom('stagedChapters').select('id').execute()).length;
const bookTitle = async () => (await t.ctx.db.selectFrom('books').select('title').where('id', '=', 'bk-stream').executeTakeFirst())?.title;

describe('saveBook with streamed chapters', () => {
  it('holds no transaction while the chapters come: other requests read and write, and see no part of the new book', async () => {
    t = await buildTestContext();
    const seen: { title: string | undefined; chapters: number; wrote: boolean }[] = [];
    let writes = 0;
    const between = async () => {
      // SQLite has one connection: with a transaction open on it, this write would wait for ever.
      const wrote = await t.ctx.db
        .insertInto('blobs')
        .values({ hash: (++writes).toString(16).padStart(64, '0'), size: 1, mediaType: 'text/plain', createdAt: t.ctx.now() })
        .executeTakeFirst();
      seen.push({ title: await bookTitle(), chapters: (await stored()).length, wrote: wrote.numInsertedOrUpdatedRows === 1n });
    };
    const first = await saveBook(t.ctx, { assetHashes: {}, book: streamed('The First Edition', between) });
    expect(first).toEqual({ id: 'bk-stream', created: true, changed: true });
    expect(seen).toEqual([0, 1, 2].map(() => ({ title: undefined, chapters: 0, wrote: true })));
    const chapters = await stored();
    expect(chapters).toHaveLength(1200);
    expect(chapters[1199]).toEqual({ id: 'bk-stream-1200', title: 'Chapter 1200', xhtml: '<p>Day 1200.</p>', wordCount: 2 });
    expect((await t.ctx.db.selectFrom('books').select('wordCount').where('id', '=', 'bk-stream').executeTakeFirstOrThrow()).wordCount).toBe(2400);
    expect(await staged()).toBe(0);

    // A new edition: until it commits, readers see the first one whole.
    seen.length = 0;
    await saveBook(t.ctx, { assetHashes: {}, book: streamed('The Second Edition', between, (n) => chapter(n, `Day ${n}, revised.`)) });
    expect(seen.map((s) => [s.title, s.chapters])).toEqual([0, 1, 2].map(() => ['The First Edition', 1200]));
    expect(await bookTitle()).toBe('The Second Edition');
    expect((await stored())[0]!.xhtml).toBe('<p>Day 1, revised.</p>');
  }, 60_000);

  it('saving the same chapters again changes nothing; one changed chapter in the last batch is a change', async () => {
    t = await buildTestContext();
    await saveBook(t.ctx, { assetHashes: {}, book: streamed('Same') });
    const updatedAt = (await t.ctx.db.selectFrom('books').select('updatedAt').where('id', '=', 'bk-stream').executeTakeFirstOrThrow()).updatedAt;
    t.advance(60_000);
    expect(await saveBook(t.ctx, { assetHashes: {}, book: streamed('Same') })).toEqual({ id: 'bk-stream', created: false, changed: false });
    expect((await t.ctx.db.selectFrom('books').select('updatedAt').where('id', '=', 'bk-stream').executeTakeFirstOrThrow()).updatedAt).toBe(updatedAt);
    expect(await staged()).toBe(0);
    // The same chapters as one whole book compare the same way.
    const whole: CanonicalBookInput = { ...head('Same'), chapters: Array.from({ length: 1200 }, (_, i) => chapter(i + 1)) };
    expect((await saveBook(t.ctx, { assetHashes: {}, book: whole })).changed).toBe(false);

    const changed = await saveBook(t.ctx, {
      assetHashes: {},
      book: streamed('Same', undefined, (n) => (n === 1150 ? chapter(n, 'Day 1150, amended.') : chapter(n))),
    });
    expect(changed.changed).toBe(true);
    expect((await stored())[1149]!.xhtml).toBe('<p>Day 1150, amended.</p>');
    expect((await saveBook(t.ctx, { assetHashes: {}, book: { ...whole, chapters: whole.chapters.slice(0, 1199).concat(chapter(1200)) } })).changed).toBe(true);
  }, 60_000);

  it('leaves the stored book as it was and nothing staged when the last step fails', async () => {
    t = await buildTestContext();
    await saveBook(t.ctx, { assetHashes: {}, book: streamed('Kept') });
    const before = await stored();
    const failing = saveBook(t.ctx, {
      assetHashes: {},
      book: streamed('Lost', undefined, (n) => chapter(n, `Day ${n}, lost.`)),
      alsoWrite: async () => {
        throw new Error('the library entry could not be written');
      },
    });
    await expect(failing).rejects.toThrow('the library entry could not be written');
    expect(await stored()).toEqual(before);
    expect(await bookTitle()).toBe('Kept');
    expect(await staged()).toBe(0);
  }, 60_000);

  it('refuses a chapter that is not sanitised, a repeated id or contents pointing nowhere, with their place in the book', async () => {
    t = await buildTestContext();
    const bad = (edit: (n: number) => ChapterInput) => saveBook(t.ctx, { assetHashes: {}, book: streamed('Bad', undefined, edit) });
    await expect(bad((n) => (n === 900 ? { ...chapter(n), xhtml: '<p onclick="x()">Hi</p>' } : chapter(n)))).rejects.toMatchObject({
      issues: [expect.objectContaining({ path: ['chapters', 899, 'xhtml'], message: 'Chapter XHTML must be sanitised.' })],
    });
    await expect(bad((n) => (n === 1100 ? chapter(3) : chapter(n)))).rejects.toMatchObject({
      issues: [expect.objectContaining({ path: ['chapters', 1099, 'id'], message: 'Chapter ids must be unique.' })],
    });
    // The contents name chapter 1,200, which this stream never gives.
    await expect(bad((n) => chapter(n === 1200 ? 1201 : n))).rejects.toMatchObject({
      issues: [expect.objectContaining({ path: ['toc', 0, 'chapterId'] })],
    });
    expect(await bookTitle()).toBeUndefined();
    expect(await staged()).toBe(0);
  }, 60_000);

  it('sweeps staged chapters a crashed import left more than a day ago', async () => {
    t = await buildTestContext();
    const row = {
      ord: 0,
      id: 'x',
      title: 'X',
      xhtml: '<p>x</p>',
      wordCount: 1,
      linear: 1,
      layout: 'reflowable' as const,
      pageSpread: null,
      viewportWidth: null,
      viewportHeight: null,
    };
    await t.ctx.db
      .insertInto('stagedChapters')
      .values([
        { ...row, stageId: 'crashed-long-ago', createdAt: t.ctx.now() - DAY - 1 },
        { ...row, stageId: 'still-running', createdAt: t.ctx.now() - 60_000 },
      ])
      .execute();
    await saveBook(t.ctx, { assetHashes: {}, book: streamed('Sweeper') });
    expect(await t.ctx.db.selectFrom('stagedChapters').select('stageId').execute()).toEqual([{ stageId: 'still-running' }]);
  }, 60_000);
});
