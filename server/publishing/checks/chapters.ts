/**
 * Empty or tiny chapters: a chapter with no words and no picture, or with fewer than
 * TINY_CHAPTER_WORDS words and no picture, is usually a placeholder left behind. It fails, but does
 * not stop approval: an epigraph or a one-page poem is short on purpose, and the reviewer can tell.
 */
import { TINY_CHAPTER_WORDS } from '../../../sync/publishing/checks';
import { countWordsInXhtml } from '../../../sync/text/words';
import { chapterLabel, count, type CheckOutcome, type EditionCheckFn, type Finding } from './types';

export const chaptersCheck: EditionCheckFn = ({ book }): CheckOutcome => {
  const findings: Finding[] = [];
  for (const c of book.chapters) {
    if (/<(img|svg|video)\b/i.test(c.xhtml)) continue; // a picture page carries its chapter
    const words = countWordsInXhtml(c.xhtml);
    if (words === 0) findings.push({ where: chapterLabel(book, c.id), reason: 'Empty: no words and no pictures.' });
    else if (words < TINY_CHAPTER_WORDS)
      findings.push({ where: chapterLabel(book, c.id), reason: `Tiny: ${count(words, 'word')}, under ${TINY_CHAPTER_WORDS}.` });
  }
  if (findings.length > 0) return { status: 'failed', message: `${count(findings.length, 'chapter')} empty or under ${TINY_CHAPTER_WORDS} words.`, findings };
  return { status: 'passed', message: `Every chapter has at least ${TINY_CHAPTER_WORDS} words or a picture.`, findings: [] };
};
