/**
 * DOM glue for text-quote anchors: character offsets in a chapter's text ↔ DOM points, the
 * quote at a screen point, and highlight marks. Offsets count `section.textContent`, which
 * wrapping text in <mark> never changes, so highlights and positions agree.
 */
import type { TextQuote } from '../../../sync/collections/text-quote';
import { createQuote, resolveQuote, wordStartAt } from './text-quote';

const POSITION_QUOTE_CHARS = 48;

function textNodes(root: Node): Text[] {
  const out: Text[] = [];
  const walker = document.createTreeWalker(root, NodeFilter.SHOW_TEXT);
  for (let n = walker.nextNode(); n; n = walker.nextNode()) out.push(n as Text);
  return out;
}

/** Offset of (node, offset) in root's text: the length of the text before it. */
export function offsetOf(root: Node, node: Node, offset: number): number {
  const range = document.createRange();
  range.setStart(root, 0);
  range.setEnd(node, offset);
  return range.toString().length;
}

/** DOM point of a text offset. */
function pointAt(root: Node, offset: number): { node: Text; offset: number } | null {
  let total = 0;
  const nodes = textNodes(root);
  for (const t of nodes) {
    if (offset <= total + t.data.length) return { node: t, offset: Math.max(0, offset - total) };
    total += t.data.length;
  }
  const last = nodes.at(-1);
  return last ? { node: last, offset: last.data.length } : null;
}

export function rangeFor(root: Node, start: number, end: number): Range | null {
  const a = pointAt(root, start);
  const b = pointAt(root, end);
  if (!a || !b) return null;
  const range = document.createRange();
  range.setStart(a.node, a.offset);
  range.setEnd(b.node, b.offset);
  return range;
}

/** The caret position under a screen point (Chromium and WebKit vs. Firefox APIs). */
export function caretAt(x: number, y: number): { node: Node; offset: number } | null {
  const doc = document as Document & { caretRangeFromPoint?: (x: number, y: number) => Range | null };
  if (doc.caretRangeFromPoint) {
    const r = doc.caretRangeFromPoint(x, y);
    return r ? { node: r.startContainer, offset: r.startOffset } : null;
  }
  const p = (
    document as Document & { caretPositionFromPoint?: (x: number, y: number) => { offsetNode: Node; offset: number } | null }
  ).caretPositionFromPoint?.(x, y);
  return p ? { node: p.offsetNode, offset: p.offset } : null;
}

/** A position quote starting at a text offset (the words the reader sees first). */
export function quoteAt(root: Node, offset: number): TextQuote {
  const text = root.textContent ?? '';
  const start = wordStartAt(text, offset);
  return createQuote(text, start, Math.min(text.length, start + POSITION_QUOTE_CHARS));
}

export function resolveRange(root: Node, quote: TextQuote): Range | null {
  const found = resolveQuote(root.textContent ?? '', quote);
  return found ? rangeFor(root, found.start, found.end) : null;
}

export function findAnchor(root: Element, anchor: string): Element | null {
  try {
    return root.querySelector(`[id="${CSS.escape(anchor)}"]`) ?? root.querySelector(`[id$="${CSS.escape(anchor)}"]`);
  } catch {
    return null;
  }
}

export interface HighlightMark {
  id: string;
  quote: TextQuote;
  colour: string;
  note: string;
}

/** Replace the chapter's highlight marks with `marks`. Each text node piece gets its own <mark>. */
export function applyHighlights(root: Element, marks: HighlightMark[]): void {
  for (const el of [...root.querySelectorAll('mark.quire-hl')]) {
    el.replaceWith(...el.childNodes);
  }
  root.normalize();
  for (const mark of marks) {
    const found = resolveQuote(root.textContent ?? '', mark.quote);
    if (!found) continue;
    let total = 0;
    for (const t of textNodes(root)) {
      const from = Math.max(found.start - total, 0);
      const to = Math.min(found.end - total, t.data.length);
      total += t.data.length;
      if (to <= from || !t.data.slice(from, to).trim()) continue;
      const piece = from > 0 ? t.splitText(from) : t;
      if (to - from < piece.data.length) piece.splitText(to - from);
      const el = document.createElement('mark');
      el.className = `quire-hl quire-hl-${mark.colour}`;
      el.dataset.annotationId = mark.id;
      if (mark.note) el.title = mark.note;
      piece.replaceWith(el);
      el.append(piece);
      if (total >= found.end) break;
    }
  }
}
