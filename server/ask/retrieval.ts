/** The chapters of a question's best passages, best first and each once: how retrieval quality is measured. */
import type { AppContext } from '../context';
import { answerQuestion } from './answer';

export async function topChapters(ctx: AppContext, input: { bookId: string; userId: string; question: string }, passages: number): Promise<string[]> {
  const { answers } = await answerQuestion(ctx, input);
  return [...new Set(answers.slice(0, passages).map((a) => a.chapterTitle))];
}
