/**
 * "Ask this book" passages: a chapter's text cut into pieces of a few sentences to a paragraph,
 * each with the heading it sits under and a text-quote anchor (W3C TextQuoteSelector over the
 * chapter's text, as the reader's text-quote.ts resolves it). Pure and shared: the server splits
 * chapters parsed with htmlparser2 when it indexes a book, the browser splits downloaded chapters
 * parsed with DOMParser for the offline index, and both get the same passages.
 */
import type { TextQuote } from '../collections/text-quote';

/** A text node of the chapter, in document order. Joined, the runs are the chapter's textContent. */
export interface TextRun {
  text: string;
  /** The node is the first text of a block element (paragraph, list item, heading…). */
  block: boolean;
  /** The node is inside a heading (h1–h6). */
  heading: boolean;
}

export interface Passage {
  /** Position in the chapter, from 0. */
  ord: number;
  /** The nearest heading above it in the chapter ('' before the first). */
  heading: string;
  /** What the reader is shown: the passage's blocks, whitespace collapsed, one space between blocks. */
  text: string;
  /** Where it is: resolves in the rendered chapter (its exact text is the chapter's own characters). */
  quote: TextQuote;
}

/** A passage grows by whole blocks until it has this many characters… */
const MIN_CHARS = 280;
/** …and a block longer than this is cut at sentence ends. */
const MAX_CHARS = 900;
const CONTEXT_CHARS = 32;
/** Block-level elements: their text starts a new block. */
export const BLOCK_ELEMENTS = new Set([
  'p',
  'div',
  'li',
  'dd',
  'dt',
  'blockquote',
  'pre',
  'h1',
  'h2',
  'h3',
  'h4',
  'h5',
  'h6',
  'td',
  'th',
  'caption',
  'figcaption',
  'section',
  'article',
  'aside',
  'header',
  'footer',
  'br',
  'hr',
  'tr',
  'table',
]);
export const HEADING_ELEMENTS = new Set(['h1', 'h2', 'h3', 'h4', 'h5', 'h6']);

const collapse = (s: string) => s.replace(/\s+/g, ' ');

/** The same quote the reader's createQuote makes for original-text offsets [start, end). */
function quoteOf(raw: string, start: number, end: number): TextQuote {
  return {
    exact: collapse(raw.slice(start, end)).trim(),
    prefix: collapse(raw.slice(Math.max(0, start - CONTEXT_CHARS * 3), start))
      .trimStart()
      .slice(-CONTEXT_CHARS),
    suffix: collapse(raw.slice(end, end + CONTEXT_CHARS * 3)).slice(0, CONTEXT_CHARS),
  };
}

interface Span {
  start: number;
  end: number;
  heading: boolean;
}

/** Blocks as [start, end) of the joined text, trimmed of surrounding whitespace; empty ones dropped. */
function blocksOf(runs: readonly TextRun[]): { raw: string; blocks: Span[] } {
  let raw = '';
  const blocks: Span[] = [];
  let current: Span | null = null;
  for (const run of runs) {
    if (run.block || !current || current.heading !== run.heading) {
      if (current) blocks.push(current);
      current = { start: raw.length, end: raw.length, heading: run.heading };
    }
    raw += run.text;
    current.end = raw.length;
  }
  if (current) blocks.push(current);
  const trimmed: Span[] = [];
  for (const b of blocks) {
    let { start, end } = b;
    while (start < end && /\s/.test(raw[start]!)) start++;
    while (end > start && /\s/.test(raw[end - 1]!)) end--;
    if (end > start) trimmed.push({ start, end, heading: b.heading });
  }
  return { raw, blocks: trimmed };
}

/** A long block's pieces, cut after sentence ends so each stays under MAX_CHARS where it can. */
function sentencePieces(raw: string, block: Span): Span[] {
  if (block.end - block.start <= MAX_CHARS) return [block];
  const text = raw.slice(block.start, block.end);
  const ends: number[] = [];
  for (const m of text.matchAll(/[.!?;:]["'”’)\]]*\s+/g)) ends.push(m.index + m[0].length);
  const pieces: Span[] = [];
  let from = 0;
  let last = 0;
  for (const at of [...ends, text.length]) {
    if (at - from > MAX_CHARS && last > from) {
      pieces.push({ start: block.start + from, end: block.start + last, heading: false });
      from = last;
    }
    last = at;
  }
  pieces.push({ start: block.start + from, end: block.end, heading: false });
  return pieces.map((p) => {
    let end = p.end;
    while (end > p.start && /\s/.test(raw[end - 1]!)) end--;
    return { ...p, end };
  });
}

/** Cuts a chapter's text into passages: short blocks are merged, long ones cut, never across a heading. */
export function splitPassages(runs: readonly TextRun[]): Passage[] {
  const { raw, blocks } = blocksOf(runs);
  const passages: Passage[] = [];
  let heading = '';
  let group: Span[] = [];
  const flush = () => {
    if (group.length === 0) return;
    const start = group[0]!.start;
    const end = group[group.length - 1]!.end;
    const text = group.map((s) => collapse(raw.slice(s.start, s.end))).join(' ');
    passages.push({ ord: passages.length, heading, text, quote: quoteOf(raw, start, end) });
    group = [];
  };
  const size = () => group.reduce((n, s) => n + s.end - s.start, 0);
  for (const block of blocks) {
    if (block.heading) {
      flush();
      heading = collapse(raw.slice(block.start, block.end)).slice(0, 300);
      continue;
    }
    for (const piece of sentencePieces(raw, block)) {
      if (group.length > 0 && size() + piece.end - piece.start > MAX_CHARS) flush();
      group.push(piece);
      if (size() >= MIN_CHARS) flush();
    }
  }
  flush();
  return passages;
}
