/**
 * Clean HTML pasted from word processors (Microsoft Word, Google Docs, LibreOffice) down to the
 * structure a chapter can hold: headings, paragraphs, block quotes, lists, links, bold, italic,
 * underline, strikethrough and scene breaks. Everything else — fonts, colours, sizes, classes,
 * inline styles, Office XML (`<o:p>`), comments and conditional comments, images on the writer's
 * disk — is dropped, keeping the text. Formatting that word processors express only as inline
 * style (Google Docs' `font-weight:700` spans, Word's `mso-list` pseudo-lists) becomes the matching
 * element before the styles go.
 *
 * Pure: a parser in, an HTML string out (tests use happy-dom; the editor the browser's DOMParser).
 */

type Style = Map<string, string>;

const ALLOWED_BLOCKS = new Set(['P', 'H1', 'H2', 'H3', 'BLOCKQUOTE', 'UL', 'OL', 'LI']);
/** Elements whose content is never text of the document. */
const DROP = new Set([
  'HEAD',
  'STYLE',
  'SCRIPT',
  'META',
  'LINK',
  'TITLE',
  'XML',
  'TEMPLATE',
  'NOSCRIPT',
  'OBJECT',
  'IFRAME',
  'SVG',
  'CANVAS',
  'VIDEO',
  'AUDIO',
  'BUTTON',
  'INPUT',
  'SELECT',
  'TEXTAREA',
]);
/** Lexical's toolbar edits h1–h3; deeper headings keep being headings at the deepest level. */
const HEADING_LEVEL: Record<string, string> = { H1: 'h1', H2: 'h2', H3: 'h3', H4: 'h3', H5: 'h3', H6: 'h3' };
/** Block containers unwrapped into their children (each child block stands on its own). */
const BLOCK_LIKE = new Set([
  'P',
  'DIV',
  'H1',
  'H2',
  'H3',
  'H4',
  'H5',
  'H6',
  'BLOCKQUOTE',
  'UL',
  'OL',
  'LI',
  'TABLE',
  'TBODY',
  'THEAD',
  'TFOOT',
  'TR',
  'TD',
  'TH',
  'SECTION',
  'ARTICLE',
  'HEADER',
  'FOOTER',
  'MAIN',
  'ASIDE',
  'NAV',
  'FIGURE',
  'FIGCAPTION',
  'DL',
  'DT',
  'DD',
  'PRE',
  'ADDRESS',
  'CENTER',
  'HR',
]);

function parseStyle(el: Element): Style {
  const style: Style = new Map();
  for (const part of (el.getAttribute('style') ?? '').split(';')) {
    const colon = part.indexOf(':');
    if (colon < 0) continue;
    style.set(
      part.slice(0, colon).trim().toLowerCase(),
      part
        .slice(colon + 1)
        .trim()
        .toLowerCase(),
    );
  }
  return style;
}

function isBoldWeight(value: string | undefined): boolean | null {
  if (!value) return null;
  if (value === 'bold' || value === 'bolder') return true;
  if (value === 'normal' || value === 'lighter') return false;
  const n = Number.parseInt(value, 10);
  return Number.isFinite(n) ? n >= 600 : null;
}

function safeHref(href: string | null): string | null {
  const value = href?.trim();
  return value && /^(https?:|mailto:)/i.test(value) ? value : null;
}

/** Word's list paragraphs: `class="MsoListParagraph…"` or a `mso-list: l0 level2 lfo1` style. */
function wordListInfo(el: Element): { level: number; list: string } | null {
  // Numbered headings carry mso-list too, but stay headings.
  if (el.tagName !== 'P') return null;
  const msoList = parseStyle(el).get('mso-list');
  const isListClass = /MsoListParagraph/i.test(el.getAttribute('class') ?? '');
  if (!msoList && !isListClass) return null;
  if (msoList === 'ignore' || msoList === 'none') return null;
  const level = Number(/level(\d+)/.exec(msoList ?? '')?.[1] ?? '1');
  const list = /\b(l\d+)\b/.exec(msoList ?? '')?.[1] ?? 'l0';
  return { level: Math.min(Math.max(level, 1), 6), list };
}

/** The bullet or number Word writes into an `mso-list:Ignore` span; decides ul or ol. */
function wordMarker(el: Element): string {
  for (const span of el.querySelectorAll('span')) {
    if (parseStyle(span).get('mso-list') === 'ignore') return (span.textContent ?? '').replace(/\s+/g, '');
  }
  return '';
}

function isOrderedMarker(marker: string): boolean {
  return /^(\(?[0-9]+|[a-z]|[ivxlcdm]+)[.)]$/i.test(marker);
}

class Cleaner {
  constructor(private readonly doc: Document) {}

  /** Clean the children of `from` into `into` (already a clean element or fragment). */
  children(from: Node, into: Node): void {
    const kids = [...from.childNodes];
    for (let i = 0; i < kids.length; i++) {
      const kid = kids[i]!;
      if (kid.nodeType === 1) {
        const list = wordListInfo(kid as Element);
        if (list) {
          // Gather the run of Word list paragraphs (whitespace text between them allowed).
          const run: Element[] = [kid as Element];
          let j = i + 1;
          for (; j < kids.length; j++) {
            const next = kids[j]!;
            if (next.nodeType === 3 && !(next.textContent ?? '').trim()) continue;
            if (next.nodeType === 1 && wordListInfo(next as Element)) run.push(next as Element);
            else break;
          }
          into.appendChild(this.wordList(run));
          i = j - 1;
          continue;
        }
      }
      this.node(kid, into);
    }
  }

  private node(node: Node, into: Node): void {
    if (node.nodeType === 3) {
      const text = (node.textContent ?? '').replace(/[\r\n\t ]+/g, ' ');
      if (text) into.appendChild(this.doc.createTextNode(text));
      return;
    }
    if (node.nodeType !== 1) return; // comments (conditional comments too), processing instructions
    const el = node as Element;
    const tag = el.tagName.toUpperCase();
    // Office namespaces (o:p, v:shape, w:sdt…) are markup of the word processor, not text.
    if (tag.includes(':')) return;
    if (DROP.has(tag)) return;
    const style = parseStyle(el);
    if (style.get('mso-list') === 'ignore' || style.get('display') === 'none') return;

    if (tag === 'BR') {
      into.appendChild(this.doc.createElement('br'));
      return;
    }
    if (tag === 'HR') {
      into.appendChild(this.doc.createElement('hr'));
      return;
    }
    if (tag === 'IMG') {
      // Pasted images from a word processor point at its temporary files (file://, blob:, cid:);
      // only images already on the web can be kept (a node that knows images imports them).
      const src = el.getAttribute('src') ?? '';
      if (/^https?:/i.test(src)) {
        const img = this.doc.createElement('img');
        img.setAttribute('src', src);
        const alt = el.getAttribute('alt');
        if (alt) img.setAttribute('alt', alt);
        into.appendChild(img);
      }
      return;
    }
    if (tag === 'A') {
      const href = safeHref(el.getAttribute('href'));
      if (!href) return this.children(el, into); // Word's bookmarks (<a name="_Toc…">) and unsafe links
      const a = this.doc.createElement('a');
      a.setAttribute('href', href);
      this.inline(el, style, a, into);
      return;
    }
    if (HEADING_LEVEL[tag] || /^MsoTitle$/i.test(el.getAttribute('class') ?? '')) {
      return this.block(el, HEADING_LEVEL[tag] ?? 'h1', into);
    }
    if (tag === 'BLOCKQUOTE' || /^(MsoQuote|MsoIntenseQuote|Quotations)$/i.test(el.getAttribute('class') ?? '')) {
      const quote = this.doc.createElement('blockquote');
      this.children(el, quote);
      // A quote holding paragraphs keeps them as lines of one quote.
      this.flattenBlocks(quote);
      if (quote.textContent?.trim()) into.appendChild(quote);
      return;
    }
    if (tag === 'UL' || tag === 'OL') {
      const list = this.doc.createElement(tag.toLowerCase());
      for (const child of el.childNodes) {
        if (child.nodeType === 1 && ['LI', 'UL', 'OL'].includes((child as Element).tagName)) this.node(child, list);
      }
      if (list.childNodes.length) into.appendChild(list);
      return;
    }
    if (tag === 'LI') {
      const li = this.doc.createElement('li');
      this.children(el, li);
      this.flattenBlocks(li);
      trimBreaks(li);
      into.appendChild(li);
      return;
    }
    if (tag === 'P' || tag === 'TD' || tag === 'TH' || tag === 'DT' || tag === 'DD' || tag === 'PRE' || tag === 'FIGCAPTION' || tag === 'ADDRESS') {
      return this.block(el, 'p', into);
    }
    if (BLOCK_LIKE.has(tag)) return this.children(el, into); // div, table, section…: their blocks
    this.inline(el, style, null, into);
  }

  /** A paragraph-like block; empty ones (Word's `<o:p>&nbsp;</o:p>` spacers) are dropped. */
  private block(el: Element, tag: string, into: Node): void {
    const block = this.doc.createElement(tag);
    this.children(el, block);
    // Blocks nested inside (a <div> in a <p>, Google Docs' <p> in <li>) become line breaks.
    this.flattenBlocks(block);
    trimBreaks(block);
    if (!(block.textContent ?? '').replace(/\u00a0/g, ' ').trim() && !block.querySelector('img')) return;
    into.appendChild(block);
  }

  /** Inline formatting from tags and from styles; anything else (span, font, sup…) is unwrapped. */
  private inline(el: Element, style: Style, wrapper: Element | null, into: Node): void {
    const tag = el.tagName.toUpperCase();
    let bold = isBoldWeight(style.get('font-weight'));
    // Google Docs wraps the whole clipboard in <b style="font-weight:normal" id="docs-internal-guid-…">.
    if ((tag === 'B' || tag === 'STRONG') && bold === null) bold = !/^docs-internal-guid/.test(el.getAttribute('id') ?? '');
    const fontStyle = style.get('font-style');
    const italic = tag === 'I' || tag === 'EM' ? fontStyle !== 'normal' : fontStyle === 'italic' || fontStyle === 'oblique';
    const decoration = `${style.get('text-decoration') ?? ''} ${style.get('text-decoration-line') ?? ''}`;
    // Links are underlined by the editor; word processors underline them again by hand.
    const underline = !el.closest('a') && (tag === 'U' || decoration.includes('underline'));
    const strike = tag === 'S' || tag === 'STRIKE' || tag === 'DEL' || decoration.includes('line-through');
    const wraps = [wrapper, bold ? 'strong' : null, italic ? 'em' : null, underline ? 'u' : null, strike ? 's' : null]
      .filter((w): w is Element | string => w !== null)
      .map((w) => (typeof w === 'string' ? this.doc.createElement(w) : w));
    if (wraps.length === 0) return this.children(el, into);
    for (let i = 0; i < wraps.length - 1; i++) wraps[i]!.appendChild(wraps[i + 1]!);
    const innermost = wraps[wraps.length - 1]!;
    this.children(el, innermost);
    if (!innermost.textContent && !innermost.querySelector('br, img')) return; // empty formatting
    into.appendChild(wraps[0]!);
  }

  /** Replace block children (p, h*, nested blockquote) of an inline-only container with their content. */
  private flattenBlocks(container: Element): void {
    for (const child of [...container.childNodes]) {
      if (child.nodeType !== 1) continue;
      const tag = (child as Element).tagName;
      if (!['P', 'H1', 'H2', 'H3', 'BLOCKQUOTE'].includes(tag)) continue;
      if (child.previousSibling && !isBreak(child.previousSibling)) container.insertBefore(this.doc.createElement('br'), child);
      while (child.firstChild) container.insertBefore(child.firstChild, child);
      container.removeChild(child);
    }
  }

  /** Word's flat run of list paragraphs → nested <ul>/<ol> by level and marker. */
  private wordList(run: Element[]): Node {
    const fragment = this.doc.createDocumentFragment();
    const stack: { level: number; list: Element }[] = [];
    let rootId: string | null = null;
    for (const p of run) {
      const info = wordListInfo(p)!;
      const ordered = isOrderedMarker(wordMarker(p));
      // Another Word list (l1 after l0), or a bulleted list meeting a numbered one, starts afresh.
      if (info.level === 1 && stack[0] && (rootId !== info.list || (stack[0].list.tagName === 'OL') !== ordered)) stack.length = 0;
      if (stack.length === 0) rootId = info.list;
      while (stack.length && stack[stack.length - 1]!.level > info.level) stack.pop();
      let top = stack[stack.length - 1];
      if (!top || top.level < info.level) {
        const list = this.doc.createElement(ordered ? 'ol' : 'ul');
        if (top) {
          // Nested list goes inside the parent's last item, as Lexical and HTML expect.
          const parentItem = top.list.lastElementChild ?? top.list.appendChild(this.doc.createElement('li'));
          parentItem.appendChild(list);
        } else {
          fragment.appendChild(list);
        }
        top = { level: info.level, list };
        stack.push(top);
      }
      const li = this.doc.createElement('li');
      this.children(p, li);
      this.flattenBlocks(li);
      trimBreaks(li);
      top.list.appendChild(li);
    }
    return fragment;
  }
}

function isBreak(node: Node): boolean {
  return node.nodeType === 1 && (node as Element).tagName === 'BR';
}

function trimBreaks(el: Element): void {
  // Source indentation around nested lists is not text.
  for (const child of [...el.childNodes]) {
    const next = child.nextSibling;
    if (child.nodeType === 3 && next?.nodeType === 1 && ['UL', 'OL'].includes((next as Element).tagName))
      child.textContent = (child.textContent ?? '').replace(/ +$/, '');
    if (child.nodeType === 3 && !(child.textContent ?? '')) el.removeChild(child);
  }
  const blank = (n: Node | null) => n && (isBreak(n) || (n.nodeType === 3 && !(n.textContent ?? '').trim()));
  while (el.firstChild && blank(el.firstChild)) el.removeChild(el.firstChild);
  while (el.lastChild && blank(el.lastChild)) el.removeChild(el.lastChild);
  // Leading/trailing spaces in a block are not text (Word indents source lines).
  if (el.firstChild?.nodeType === 3) el.firstChild.textContent = (el.firstChild.textContent ?? '').replace(/^ +/, '');
  if (el.lastChild?.nodeType === 3) el.lastChild.textContent = (el.lastChild.textContent ?? '').replace(/ +$/, '');
}

export interface HtmlParser {
  parseFromString(html: string, type: 'text/html'): Document;
}

/** The pasted HTML as clean HTML of the allowed elements only (see the module comment). */
export function cleanPastedHtml(html: string, parser: HtmlParser): string {
  const source = parser.parseFromString(html, 'text/html');
  const target = parser.parseFromString('<!doctype html><html><body></body></html>', 'text/html');
  const cleaner = new Cleaner(target);
  const body = target.body;
  cleaner.children(source.body, body);
  // Loose inline content at the top level (Google Docs separates blocks with <br>) → paragraphs.
  let paragraph: Element | null = null;
  for (const child of [...body.childNodes]) {
    const isBlock = child.nodeType === 1 && (ALLOWED_BLOCKS.has((child as Element).tagName) || (child as Element).tagName === 'HR');
    if (isBlock || isBreak(child)) {
      if (paragraph) trimBreaks(paragraph);
      if (paragraph && !(paragraph.textContent ?? '').trim()) paragraph.remove();
      paragraph = null;
      if (isBreak(child)) body.removeChild(child);
      continue;
    }
    if (!paragraph) {
      paragraph = target.createElement('p');
      body.insertBefore(paragraph, child);
    }
    paragraph.appendChild(child);
  }
  if (paragraph) {
    trimBreaks(paragraph);
    if (!(paragraph.textContent ?? '').trim()) paragraph.remove();
  }
  return body.innerHTML;
}
