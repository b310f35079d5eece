import { describe, expect, it } from 'vitest';
import { resolveQuote } from '../reader/text-quote';
import { answerMarks } from './answer-marks';

describe('answerMarks', () => {
  it('marks the passage and each matched word at its own occurrence', () => {
    const chapter = 'The whale rose. Later, far off, the white whale sounded and the whale was gone.';
    const text = 'Later, far off, the white whale sounded and the whale was gone.';
    const marks = answerMarks({
      passageId: '7',
      chapterId: 'c1',
      chapterTitle: 'One',
      heading: '',
      text,
      quote: { exact: text, prefix: 'The whale rose. ', suffix: '' },
      highlights: [
        [26, 31],
        [48, 53],
      ],
    });
    expect(marks.map((m) => m.colour)).toEqual(['ask-passage', 'ask-word', 'ask-word']);
    const found = marks.map((m) => resolveQuote(chapter, m.quote));
    expect(found[0]).toEqual({ start: 16, end: chapter.length });
    expect(found.slice(1).map((f) => f!.start)).toEqual([chapter.indexOf('whale sounded'), chapter.lastIndexOf('whale')]);
  });
});
