/**
 * The marks an opened answer leaves in the reader's page: the passage (a faint band) and each
 * matched word in it (stronger), as text quotes the reader's highlighter resolves. A word's quote
 * takes its context from the passage, so the highlighter finds that occurrence, not another.
 */
import type { Answer } from '../../../sync/api/ask';
import type { HighlightMark } from '../reader/chapter-dom';

const CONTEXT_CHARS = 32;
const ASK_PASSAGE_COLOUR = 'ask-passage';
const ASK_WORD_COLOUR = 'ask-word';

export function answerMarks(answer: Answer): (HighlightMark & { chapterId: string })[] {
  const { text } = answer;
  const passage = { id: `ask-${answer.passageId}`, chapterId: answer.chapterId, quote: answer.quote, colour: ASK_PASSAGE_COLOUR, note: '' };
  const words = answer.highlights.map(([start, end], i) => ({
    id: `ask-${answer.passageId}-${i}`,
    chapterId: answer.chapterId,
    colour: ASK_WORD_COLOUR,
    note: '',
    quote: {
      exact: text.slice(start, end),
      prefix: `${answer.quote.prefix}${text.slice(0, start)}`.slice(-CONTEXT_CHARS),
      suffix: `${text.slice(end)}${answer.quote.suffix}`.slice(0, CONTEXT_CHARS),
    },
  }));
  return [passage, ...words];
}
