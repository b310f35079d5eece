import { describe, expect, it } from 'vitest';
import { chaptersCheck } from './chapters';
import { testBook, testInput } from './test-book';

const words = (n: number) => `<p>${Array.from({ length: n }, () => 'sea').join(' ')}</p>`;

describe('the empty-or-tiny chapters check (threshold: 100 words)', () => {
  it('passes chapters of 100 words or more, and a picture page', () => {
    const book = testBook([
      ['One', words(100)],
      ['Map', '<p><img src="/api/files/x/content" alt="A map"/></p>'],
    ]);
    expect(chaptersCheck(testInput({ book }))).toMatchObject({ status: 'passed', findings: [] });
  });

  it('fails an empty and a tiny chapter, naming each and its word count', () => {
    const book = testBook([
      ['One', words(150)],
      ['Two', '<p> </p>'],
      ['Three', words(99)],
    ]);
    expect(chaptersCheck(testInput({ book }))).toEqual({
      status: 'failed',
      message: '2 chapters empty or under 100 words.',
      findings: [
        { where: 'Chapter 2 “Two”', reason: 'Empty: no words and no pictures.' },
        { where: 'Chapter 3 “Three”', reason: 'Tiny: 99 words, under 100.' },
      ],
    });
  });
});
