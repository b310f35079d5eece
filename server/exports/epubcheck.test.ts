/**
 * Exports under the W3C's epubcheck: every demo book, and a manuscript full of edge cases, must
 * give zero errors. Where epubcheck is not installed the test says so in its output and checks
 * that the runner reports it as missing (CI installs it: .ci/run).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_BOOKS } from '../seed/demo-books';
import { seedBooks } from '../seed/seed-books';
import { buildUser } from '../sync/test-helpers';
import { buildTestContext, type TestContext } from '../test/test-context';
import { manuscriptForMember } from '../manuscripts/manuscript-book';
import { buildEpub } from './epub/build-epub';
import { epubcheckCommand, runEpubcheck, type EpubcheckResult } from './epubcheck';
import { bookSource, manuscriptSource } from './sources';
import { writeEdgeCaseManuscript } from './test-manuscripts';

const installed = epubcheckCommand() !== null;
if (!installed) console.log('epubcheck is not installed here: the exports are built but not checked (CI installs it, see .ci/run)');

let t: TestContext;
beforeAll(async () => {
  t = await buildTestContext();
  await seedBooks(t.ctx, undefined, Date.now());
});
afterAll(async () => t.close());

/**
 * epubcheck starts a JVM per book (seconds each): the hand-written demo books, and from the
 * generated catalogue (one template) the first book in each of its languages.
 */
const HAND_WRITTEN = 4;
const checkedDemoBooks = [
  ...DEMO_BOOKS.slice(0, HAND_WRITTEN),
  ...DEMO_BOOKS.slice(HAND_WRITTEN).filter((d, i, all) => all.findIndex((o) => (o.language ?? 'en') === (d.language ?? 'en')) === i),
].map((d) => d.slug);

const modified = new Date('2026-01-02T03:04:05Z');

function expectValid(result: EpubcheckResult) {
  if (!installed) {
    expect(result.status).toBe('not_installed');
    return;
  }
  expect(result.status === 'passed' || result.status === 'failed' ? result.errors : result).toEqual([]);
  expect(result.status).toBe('passed');
}

describe('EPUB export under epubcheck', () => {
  it('passes for the edge-case manuscript (images, RTL, footnote-like links, empty titles, an unwritten chapter)', async () => {
    const cookie = await buildUser(t.ctx, 'edgeauthor', ['author']);
    await writeEdgeCaseManuscript(t, cookie, 'edgeauthor', 'edge');
    const manuscript = (await manuscriptForMember(t.ctx, 'edge', 'edgeauthor'))!;
    const epub = buildEpub(await manuscriptSource(t.ctx, manuscript), { modified });
    expectValid(await runEpubcheck(epub));
  }, 120_000);

  it.each(checkedDemoBooks)(
    'passes for the demo book %s',
    async (slug) => {
      const row = await t.ctx.db.selectFrom('books').select('id').where('slug', '=', slug).executeTakeFirstOrThrow();
      const epub = buildEpub(await bookSource(t.ctx, row.id), { modified });
      expectValid(await runEpubcheck(epub));
    },
    120_000,
  );
});
