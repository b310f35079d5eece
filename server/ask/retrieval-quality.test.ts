/**
 * Retrieval quality on the hand-written Moby-Dick set (server/ask/moby-dick-questions.ts): the
 * expected chapter among the chapters of the top 3 passages for at least 80 % of the questions.
 * The EPUB is a shared fixture outside the repo; without it the test says so and checks nothing.
 */
import fs from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildUser } from '../admin/test-helpers';
import { prepareEpubBook } from '../books/epub/import-epub';
import { saveBook } from '../books/save-book';
import { buildTestContext, type TestContext } from '../test/test-context';
import { MOBY_DICK_EPUB, MOBY_DICK_QUESTIONS } from './moby-dick-questions';
import { topChapters } from './retrieval';

const present = fs.existsSync(MOBY_DICK_EPUB);
if (!present) console.warn(`retrieval quality: the Moby-Dick fixture is not at ${MOBY_DICK_EPUB}; nothing measured.`);

describe.runIf(present)('retrieval quality on Moby-Dick', () => {
  let t: TestContext;
  let bookId: string;
  let userId: string;
  beforeAll(async () => {
    t = await buildTestContext();
    userId = (await buildUser(t.ctx)).id;
    const prepared = await prepareEpubBook(t.ctx, new Uint8Array(fs.readFileSync(MOBY_DICK_EPUB)), { ownerId: userId, fallbackKey: 'moby-dick' });
    bookId = (await saveBook(t.ctx, { ...prepared, status: 'published' })).id;
    await t.worker.drain();
  }, 120_000);
  afterAll(async () => t?.close());

  it('has at least 20 hand-written questions', () => {
    expect(MOBY_DICK_QUESTIONS.length).toBeGreaterThanOrEqual(20);
  });

  it('finds the expected chapter in the top 3 for at least 80 % of them', async () => {
    let hits = 0;
    for (const q of MOBY_DICK_QUESTIONS) {
      const top = await topChapters(t.ctx, { bookId, userId, question: q.question }, 3);
      if (top.some((title) => title.startsWith(q.chapter))) hits++;
    }
    expect(hits / MOBY_DICK_QUESTIONS.length).toBeGreaterThanOrEqual(0.8);
  });
});
