/**
 * Text-quote anchoring (W3C TextQuoteSelector) over plain text. Whitespace is collapsed before
 * comparing, so a quote survives re-wrapping, changed indentation and markup changes that only
 * move text between elements. The DOM glue lives in text-quote-dom.ts.
 */
import type { TextQuote } from '../../../sync/collections/text-quote';

const CONTEXT_CHARS = 32;
const MAX_EXACT_CHARS = 2000;

/** Collapsed text plus, for each collapsed character, its offset in the original text. */
export interface Normalised {
  text: string;
  map: number[];
}

export function normalise(raw: string): Normalised {
  let text = '';
  const map: number[] = [];
  let inSpace = false;
  for (let i = 0; i < raw.length; i++) {
    const ch = raw[i]!;
    if (/\s/.test(ch)) {
      if (!inSpace && text.length > 0) {
        text += ' ';
        map.push(i);
      }
      inSpace = true;
    } else {
      text += ch;
      map.push(i);
      inSpace = false;
    }
  }
  return { text, map };
}

const collapse = (s: string) => normalise(s).text;

/** The quote of original-text offsets [start, end). */
export function createQuote(raw: string, start: number, end: number): TextQuote {
  const exact = collapse(raw.slice(start, end)).trim().slice(0, MAX_EXACT_CHARS);
  const prefix = collapse(raw.slice(Math.max(0, start - CONTEXT_CHARS * 3), start))
    .trimStart()
    .slice(-CONTEXT_CHARS);
  const suffix = collapse(raw.slice(end, end + CONTEXT_CHARS * 3)).slice(0, CONTEXT_CHARS);
  return { exact, prefix, suffix };
}

/** Length of the common suffix of a and b (a ends where the match starts). */
function tailMatch(a: string, b: string): number {
  let n = 0;
  while (n < a.length && n < b.length && a[a.length - 1 - n] === b[b.length - 1 - n]) n++;
  return n;
}
function headMatch(a: string, b: string): number {
  let n = 0;
  while (n < a.length && n < b.length && a[n] === b[n]) n++;
  return n;
}

/**
 * Original-text offsets of the quote, or null. Every occurrence of `exact` is scored by how much
 * of the prefix and suffix agree, so a repeated phrase resolves to the right one.
 */
export function resolveQuote(raw: string, quote: TextQuote): { start: number; end: number } | null {
  const exact = collapse(quote.exact).trim();
  if (!exact) return null;
  const { text, map } = normalise(raw);
  const prefix = collapse(quote.prefix).trimStart();
  const suffix = collapse(quote.suffix);
  let best = -1;
  let bestScore = -1;
  for (let at = text.indexOf(exact); at !== -1; at = text.indexOf(exact, at + 1)) {
    const before = text.slice(Math.max(0, at - prefix.length - 1), at);
    const after = text.slice(at + exact.length, at + exact.length + suffix.length + 1);
    // Ignore a single space at the join: it may or may not be in the stored context.
    const score = tailMatch(before.trimEnd(), prefix.trimEnd()) + headMatch(after.trimStart(), suffix.trimStart());
    if (score > bestScore) {
      best = at;
      bestScore = score;
    }
  }
  if (best === -1) return null;
  return { start: map[best]!, end: map[best + exact.length - 1]! + 1 };
}

/** Scripts written without spaces between words: every character is a place a quote may start. */
const UNSPACED = /[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}\p{Script=Thai}\p{Script=Lao}\p{Script=Khmer}\p{Script=Myanmar}]/u;
/** A word longer than this is not worth walking: start where we are. */
const MAX_WORD_SKIP = 40;

/**
 * The first word start at or after `offset` (never before: that word may be on the previous
 * page). In unspaced scripts (Japanese, Chinese, Thai…) any character is one.
 */
export function wordStartAt(text: string, offset: number): number {
  let start = offset;
  const inWord = (i: number) => /\S/.test(text[i - 1]!) && !UNSPACED.test(text[i - 1]!) && !UNSPACED.test(text[i]!);
  while (start > 0 && start < text.length && start - offset < MAX_WORD_SKIP && inWord(start)) start++;
  return start - offset >= MAX_WORD_SKIP ? offset : start;
}
