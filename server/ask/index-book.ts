/**
 * Building a book's passages: the `ask.index` job (one book, asked for by saveBook in the
 * transaction that changed it, so every import and publication is indexed) and `ask.backfill`
 * (at start: every book whose index is missing or older than the book's text). Idempotent: a book's
 * passages are replaced whole in one transaction, and an index already fresh is left alone
 * unless forced (the admin's re-index).
 */
import { setImmediate as othersFirst } from 'node:timers/promises';
import { splitPassages } from '../../sync/ask/passages';
import { indexText } from '../../sync/ask/query';
import type { AppContext } from '../context';
import type { DB } from '../db/connection';
import { enqueueUnlessPending } from '../jobs/queue';
import { LANES, type JobWorker } from '../jobs/worker';
import { chapterRuns } from './chapter-runs';
import { passageIndex } from './passage-index';

export const ASK_INDEX_JOB = 'ask.index';
const ASK_BACKFILL_JOB = 'ask.backfill';
/** Indexing a long book takes a second of CPU: a lane of its own, so mail never waits behind it. */
/** Passages written per statement. */
const BATCH = 100;
/** Chapters parsed between two turns of the event loop. */
const PARSE_BATCH = 200;

export interface AskIndexPayload {
  bookId: string;
  /** Rebuild even when the index is fresh (the admin's re-index). */
  force?: boolean;
}

export function registerAskJobs(worker: JobWorker, ctx: AppContext) {
  const run = async (p: Partial<AskIndexPayload>) => {
    if (typeof p?.bookId === 'string') await indexBook(ctx, p.bookId, { force: p.force === true });
  };
  worker.register(ASK_INDEX_JOB, run, { lane: LANES.ask });
  worker.register(ASK_BACKFILL_JOB, () => backfill(ctx), { lane: LANES.ask });
}

/** Asks for a book's passages to be (re)built; `in`: the transaction that changed the book. */
export async function requestPassageIndex(ctx: AppContext, bookId: string, options: { in?: DB; force?: boolean } = {}): Promise<void> {
  // A job still waiting will read the book as it is now; a running one may have read it before this change.
  if (!options.force && (await ctx.queue.hasPendingWhere(ASK_INDEX_JOB, 'bookId', bookId, { in: options.in, states: ['queued'] }))) return;
  const payload: AskIndexPayload = options.force ? { bookId, force: true } : { bookId };
  await ctx.queue.enqueue(ASK_INDEX_JOB, payload, { in: options.in });
}

/** At start: index what was never indexed (books from before this feature) or changed since. */
export async function requestBackfill(ctx: AppContext): Promise<void> {
  await enqueueUnlessPending(ctx.queue, ASK_BACKFILL_JOB);
}

/** Books whose index is missing or older than their text, oldest change first. */
async function staleBookIds(db: DB): Promise<string[]> {
  const rows = await db
    .selectFrom('books')
    .leftJoin('askBooks', 'askBooks.bookId', 'books.id')
    .select('books.id')
    .where((eb) => eb.or([eb('askBooks.bookId', 'is', null), eb('askBooks.sourceUpdatedAt', '!=', eb.ref('books.textUpdatedAt'))]))
    .orderBy('books.textUpdatedAt')
    .execute();
  return rows.map((r) => r.id);
}

async function backfill(ctx: AppContext): Promise<void> {
  for (const id of await staleBookIds(ctx.db)) await indexBook(ctx, id);
}

/** Replaces the book's passages; returns how many it has now (0 for a book that is gone). */
export async function indexBook(ctx: AppContext, bookId: string, { force = false } = {}): Promise<number> {
  const started = performance.now();
  // Fresh means built from the text as it is: price, listing and ISBN changes move updatedAt, not this.
  const book = await ctx.db.selectFrom('books').select(['id', 'textUpdatedAt']).where('id', '=', bookId).executeTakeFirst();
  if (!book) return 0;
  const done = await ctx.db.selectFrom('askBooks').select(['sourceUpdatedAt', 'passages']).where('bookId', '=', bookId).executeTakeFirst();
  if (!force && done && done.sourceUpdatedAt === book.textUpdatedAt) return done.passages;
  const chapters = await ctx.db.selectFrom('bookChapters').select(['id', 'xhtml']).where('bookId', '=', bookId).orderBy('ord').execute();
  // Parsing and splitting happen before the transaction: the database is held only for the writes.
  // Other requests go between batches of chapters (10,000 chapters take seconds to parse).
  const passages: (ReturnType<typeof splitPassages>[number] & { chapterId: string })[] = [];
  for (const [i, ch] of chapters.entries()) {
    if (i > 0 && i % PARSE_BATCH === 0) await othersFirst();
    for (const p of splitPassages(chapterRuns(ch.xhtml))) passages.push({ ...p, chapterId: ch.id });
  }
  await ctx.db.transaction().execute(async (trx) => {
    await trx.deleteFrom('askPassages').where('bookId', '=', bookId).execute();
    for (let i = 0; i < passages.length; i += BATCH) {
      const batch = passages.slice(i, i + BATCH);
      const ids = await trx
        .insertInto('askPassages')
        .values(
          batch.map((p) => ({
            bookId,
            chapterId: p.chapterId,
            ord: p.ord,
            heading: p.heading,
            text: p.text,
            quoteExact: p.quote.exact,
            quotePrefix: p.quote.prefix,
            quoteSuffix: p.quote.suffix,
          })),
        )
        .returning(['id', 'chapterId', 'ord'])
        .execute();
      // RETURNING rows come in no promised order: matched back by (chapter, ord), unique in a book.
      const idOf = new Map(ids.map((r) => [`${r.chapterId}\n${r.ord}`, r.id]));
      await passageIndex(trx).indexPassages(
        trx,
        bookId,
        batch.map((p) => ({ id: idOf.get(`${p.chapterId}\n${p.ord}`)!, heading: indexText(p.heading), body: indexText(p.text) })),
      );
    }
    const row = { passages: passages.length, sourceUpdatedAt: book.textUpdatedAt, indexedAt: ctx.now(), tookMs: performance.now() - started };
    await trx
      .insertInto('askBooks')
      .values({ bookId, ...row })
      .onConflict((oc) => oc.column('bookId').doUpdateSet(row))
      .execute();
  });
  return passages.length;
}
