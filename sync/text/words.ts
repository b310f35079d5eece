/**
 * Words as a writer counts them, one rule for the editor, version diffs and imported books:
 * runs of letters and digits, joined by in-word apostrophes or hyphens ("well-known", "it's").
 */
const WORD = /[\p{L}\p{N}]+(?:['’-][\p{L}\p{N}]+)*/gu;

export function countWords(text: string): number {
  return text.match(WORD)?.length ?? 0;
}

/** Words in an XHTML fragment: tags are word breaks, entities count as what they stand for. */
export function countWordsInXhtml(xhtml: string): number {
  const text = xhtml
    .replace(/<[^>]*>/g, ' ')
    .replace(/&(?:rsquo|apos|#8217|#x2019|#39);/gi, '’')
    .replace(/&[a-z#0-9]+;/gi, ' ');
  return countWords(text);
}
