/**
 * Answering a question: the question's terms, the best passages of the book from the index, each
 * with its chapter's title and the matched words; the query logged with its latency. The answers
 * are the book's passages as stored, never composed text.
 */
import { ASK_ANSWERS, type AskResult } from '../../sync/api/ask';
import { highlightRanges, questionTerms } from '../../sync/ask/query';
import type { AppContext } from '../context';
import { newId } from '../http/ids';
import { passageIndex } from './passage-index';

export async function answerQuestion(ctx: AppContext, input: { bookId: string; userId: string; question: string }): Promise<AskResult> {
  const started = performance.now();
  const terms = questionTerms(input.question);
  const index = passageIndex(ctx.db);
  const expression = index.passageMatch(input.bookId, terms);
  const ranked = expression ? await index.rankPassages(ctx.db, expression, ASK_ANSWERS) : [];
  const rows =
    ranked.length === 0
      ? []
      : await ctx.db
          .selectFrom('askPassages')
          .innerJoin('bookChapters', (j) => j.onRef('bookChapters.bookId', '=', 'askPassages.bookId').onRef('bookChapters.id', '=', 'askPassages.chapterId'))
          .select([
            'askPassages.id',
            'askPassages.chapterId',
            'bookChapters.title as chapterTitle',
            'askPassages.heading',
            'askPassages.text',
            'askPassages.quoteExact',
            'askPassages.quotePrefix',
            'askPassages.quoteSuffix',
          ])
          .where(
            'askPassages.id',
            'in',
            ranked.map((r) => r.id),
          )
          .where('askPassages.bookId', '=', input.bookId)
          .execute();
  const byId = new Map(rows.map((r) => [r.id, r]));
  const answers = ranked.flatMap(({ id }) => {
    const r = byId.get(id);
    if (!r) return [];
    return [
      {
        passageId: String(r.id),
        chapterId: r.chapterId,
        chapterTitle: r.chapterTitle,
        heading: r.heading,
        text: r.text,
        quote: { exact: r.quoteExact, prefix: r.quotePrefix, suffix: r.quoteSuffix },
        highlights: highlightRanges(r.text, terms),
      },
    ];
  });
  const queryId = newId();
  await ctx.db
    .insertInto('askQueries')
    .values({
      id: queryId,
      bookId: input.bookId,
      userId: input.userId,
      question: input.question,
      answers: answers.length,
      latencyMs: Math.round((performance.now() - started) * 100) / 100,
      createdAt: ctx.now(),
    })
    .execute();
  return { queryId, terms, answers };
}
