/**
 * `npm run bench:ask` (issue 14 "Ask this book"): Moby-Dick (the Standard Ebooks EPUB in the shared
 * fixtures; never copied into the repo) imported into a fresh database, then
 * - indexing time: its passages split and indexed, as the `ask.index` job does (median of 3);
 * - query latency p50 / p95 over 200 questions, as the API answers them (query log included);
 * - retrieval quality: the share of the hand-written set (server/ask/moby-dick-questions.ts) whose
 *   expected chapter is among the chapters of the top 3 passages.
 * Without the fixture it says so and exits cleanly.
 */
import fs from 'node:fs';
import { performance } from 'node:perf_hooks';
import { buildUser } from '../server/admin/test-helpers';
import { answerQuestion } from '../server/ask/answer';
import { indexBook } from '../server/ask/index-book';
import { MOBY_DICK_EPUB, MOBY_DICK_QUESTIONS } from '../server/ask/moby-dick-questions';
import { topChapters } from '../server/ask/retrieval';
import { prepareEpubBook } from '../server/books/epub/import-epub';
import { saveBook } from '../server/books/save-book';
import { buildTestContext } from '../server/test/test-context';
import { percentile, writeBenchSection } from './bench-report';

const QUERIES = 200;
const INDEX_RUNS = 3;
const TARGET_SHARE = 0.8;

async function main() {
  if (!fs.existsSync(MOBY_DICK_EPUB)) {
    console.log(`bench:ask skipped: the Moby-Dick fixture is not at ${MOBY_DICK_EPUB}.`);
    return;
  }
  const t = await buildTestContext();
  try {
    const owner = await buildUser(t.ctx);
    const prepared = await prepareEpubBook(t.ctx, new Uint8Array(fs.readFileSync(MOBY_DICK_EPUB)), { ownerId: owner.id, fallbackKey: 'moby-dick' });
    const { id: bookId } = await saveBook(t.ctx, { ...prepared, status: 'published' });
    const indexing: number[] = [];
    let passages = 0;
    for (let i = 0; i < INDEX_RUNS; i++) {
      const start = performance.now();
      passages = await indexBook(t.ctx, bookId, { force: true });
      indexing.push(performance.now() - start);
    }
    const chapters = await t.ctx.db.selectFrom('bookChapters').select('title').where('bookId', '=', bookId).orderBy('ord').execute();
    // The hand-written questions, then one per chapter about its title, round again to 200.
    const pool = [...MOBY_DICK_QUESTIONS.map((q) => q.question), ...chapters.map((c) => `What happens in ${c.title.replace(/^Chapter \d+\.\s*/, '')}?`)];
    const latencies: number[] = [];
    for (let i = 0; i < QUERIES; i++) {
      const start = performance.now();
      await answerQuestion(t.ctx, { bookId, userId: owner.id, question: pool[i % pool.length]! });
      latencies.push(performance.now() - start);
    }
    const misses: string[] = [];
    for (const q of MOBY_DICK_QUESTIONS) {
      const top = await topChapters(t.ctx, { bookId, userId: owner.id, question: q.question }, 3);
      if (!top.some((title) => title.startsWith(q.chapter))) misses.push(`${q.question} → expected ${q.chapter}, got ${top.join(' | ') || 'nothing'}`);
    }
    const hits = MOBY_DICK_QUESTIONS.length - misses.length;
    const share = hits / MOBY_DICK_QUESTIONS.length;
    const body = [
      `Moby-Dick (${chapters.length} chapters, ${passages.toLocaleString('en')} passages), SQLite FTS5 BM25, ${new Date().toISOString().slice(0, 10)}.`,
      '',
      '| measure | value |',
      '| --- | --- |',
      `| indexing (split + FTS5), median of ${INDEX_RUNS} | ${percentile(indexing, 50).toFixed(0)} ms |`,
      `| query p50 over ${QUERIES} questions | ${percentile(latencies, 50).toFixed(2)} ms |`,
      `| query p95 over ${QUERIES} questions | ${percentile(latencies, 95).toFixed(2)} ms |`,
      `| expected chapter in top 3 (hand-written set) | ${hits} / ${MOBY_DICK_QUESTIONS.length} = ${(share * 100).toFixed(0)} % (target ≥ ${TARGET_SHARE * 100} %) |`,
      ...(misses.length > 0 ? ['', 'Misses:', '', ...misses.map((m) => `- ${m}`)] : []),
    ].join('\n');
    console.log(body);
    writeBenchSection('## Ask this book (`npm run bench:ask`)', body);
  } finally {
    await t.close();
  }
}

await main();
