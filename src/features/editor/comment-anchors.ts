/**
 * Where comment anchors sit in the chapter's rendered text. An anchor is a text quote (the words,
 * with some text before and after) found again in the current text on every change, so it follows
 * its words while co-authors edit around them and never writes anything into the document. The
 * offsets and quote matching are the reader's (chapter-dom.ts, text-quote.ts): one way of anchoring.
 */
import type { TextQuote } from '../../../sync/collections/text-quote';
import { offsetOf, rangeFor } from '../reader/chapter-dom';
import { createQuote, resolveQuote } from '../reader/text-quote';

export interface CommentAnchor {
  id: string;
  quote: TextQuote;
}

/** The quote of a selection inside `root`, or null when it selects no words. */
export function quoteOfRange(root: Node, range: Range): TextQuote | null {
  const text = root.textContent ?? '';
  const start = offsetOf(root, range.startContainer, range.startOffset);
  const end = offsetOf(root, range.endContainer, range.endOffset);
  if (end <= start) return null;
  const quote = createQuote(text, start, end);
  return quote.exact.trim() ? quote : null;
}

/** Character offsets of every anchor still present in `text`; anchors whose words are gone are absent (detached). */
export function locateAnchors(text: string, anchors: CommentAnchor[]): Map<string, { start: number; end: number }> {
  const found = new Map<string, { start: number; end: number }>();
  for (const a of anchors) {
    const at = resolveQuote(text, a.quote);
    if (at) found.set(a.id, at);
  }
  return found;
}

/** DOM ranges of the anchors found in `root`'s text. */
export function anchorRanges(root: Node, anchors: CommentAnchor[]): Map<string, Range> {
  const ranges = new Map<string, Range>();
  for (const [id, at] of locateAnchors(root.textContent ?? '', anchors)) {
    const range = rangeFor(root, at.start, at.end);
    if (range) ranges.set(id, range);
  }
  return ranges;
}
