import { describe, expect, it } from 'vitest';
import { fold, highlightRanges, indexText, questionTerms, stem } from './query';

describe('stem', () => {
  it('makes the forms of a word meet', () => {
    for (const [a, b] of [
      ['whale', 'whales'],
      ['whale', 'whaling'],
      ['harpoon', 'harpooned'],
      ['harpoon', 'harpooning'],
      ['stop', 'stopped'],
      ['bury', 'buried'],
      ['berries', 'berry'],
    ])
      expect(stem(fold(a!)), `${a} / ${b}`).toBe(stem(fold(b!)));
  });
  it('leaves short words alone', () => {
    expect(stem('sea')).toBe('sea');
    expect(stem('ice')).toBe('ice');
  });
});

describe('questionTerms', () => {
  it('drops question and stop words, folds and stems the rest, once each', () => {
    expect(questionTerms('Who is Queequeg, and what does he do with the harpoons? Harpoon!')).toEqual(['queequeg', 'harpoon']);
    expect(questionTerms('Où est la Fête?')).toEqual(['ou', 'est', 'la', 'fete']);
  });
  it('answers nothing for a question of stop words only', () => {
    expect(questionTerms('What is it?')).toEqual([]);
    expect(questionTerms('  ¿?!  ')).toEqual([]);
  });
});

describe('indexText and highlightRanges', () => {
  it('index the same terms a question asks for', () => {
    expect(indexText('The whales were harpooned.')).toBe('whal harpoon');
  });
  it('mark the words whose term was asked', () => {
    const text = 'Stubb harpooned the whale; whales sound.';
    const ranges = highlightRanges(text, questionTerms('harpooning whales'));
    expect(ranges.map(([s, e]) => text.slice(s, e))).toEqual(['harpooned', 'whale', 'whales']);
  });
});
