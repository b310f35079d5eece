/**
 * A canonical chapter body (the reader's sanitised HTML, sync/book-format.ts) back to EPUB XHTML:
 * links between chapters become file hrefs again, `data-epub-type` becomes `epub:type`, images
 * point at the files inside the package, and the markup is written as well-formed XML by a
 * serialiser of our own (an HTML serialiser writes `&nbsp;` and bare attributes, which XML and so
 * epubcheck refuse). A link whose target is not in the book is kept as text, never left broken.
 */
import { isTag, isText, type ChildNode, type Element } from 'domhandler';
import { DomUtils, parseDocument } from 'htmlparser2';

const VOID = new Set(['area', 'br', 'col', 'hr', 'img', 'wbr']);
/** An attribute name XML accepts (htmlparser2 keeps whatever the source had). */
const XML_NAME = /^[A-Za-z_][A-Za-z0-9._-]*$/;
/** Attributes that only mean something to Quire's reader. */
const READER_ONLY = new Set(['data-chapter-id', 'data-anchor']);

export interface ChapterLinks {
  /** The file (relative to the chapter) of a chapter of this book, or undefined. */
  fileOf(chapterId: string): string | undefined;
  /** Whether the chapter has an element with this id. */
  hasAnchor(chapterId: string, anchor: string): boolean;
  /** Where an image's src points inside the package (relative to the chapter), or undefined. */
  imageOf(src: string): string | undefined;
}

/**
 * Elements whose children the plain-text-like exports (Markdown, DOCX) write as blocks of their
 * own; each adds what its format can say more of (DOCX: table sections and cells).
 */
export const CONTAINER_BLOCKS: readonly string[] = [
  'p',
  'div',
  'section',
  'article',
  'aside',
  'header',
  'footer',
  'figure',
  'figcaption',
  'table',
  'tr',
  'dl',
  'dd',
  'dt',
  'address',
  'details',
  'summary',
];

export function parseBody(xhtml: string): ChildNode[] {
  return parseDocument(xhtml, { xmlMode: false, recognizeSelfClosing: true }).children;
}

/** Every element id in a chapter body (link targets are checked against them). */
export function idsOf(nodes: ChildNode[]): Set<string> {
  return new Set(DomUtils.findAll((el) => Boolean(el.attribs.id), nodes).map((el) => el.attribs.id!));
}

export const escapeXml = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

/** The chapter body as XHTML for the chapter with id `chapterId`. */
export function chapterBodyXhtml(nodes: ChildNode[], chapterId: string, links: ChapterLinks): string {
  const seenIds = new Set<string>();
  const out: string[] = [];
  const write = (node: ChildNode) => {
    if (isText(node)) {
      out.push(escapeXml(node.data));
      return;
    }
    if (!isTag(node)) return; // comments and the like carry nothing a reader sees
    const name = node.name.toLowerCase();
    const attribs = attributesOf(node, name, chapterId, links, seenIds);
    if (attribs === null) {
      node.children.forEach(write); // an image with nowhere to point: dropped, keeping its neighbours
      return;
    }
    const attrs = Object.entries(attribs)
      .map(([k, v]) => ` ${k}="${escapeXml(v)}"`)
      .join('');
    if (VOID.has(name)) {
      out.push(`<${name}${attrs}/>`);
      return;
    }
    out.push(`<${name}${attrs}>`);
    node.children.forEach(write);
    out.push(`</${name}>`);
  };
  nodes.forEach(write);
  return out.join('');
}

/** The element's attributes for EPUB, or null when the element cannot stay (an image with no file). */
function attributesOf(el: Element, name: string, chapterId: string, links: ChapterLinks, seenIds: Set<string>): Record<string, string> | null {
  const out: Record<string, string> = {};
  for (const [key, value] of Object.entries(el.attribs)) {
    if (READER_ONLY.has(key)) continue;
    if (key === 'data-epub-type') out['epub:type'] = value;
    else if (key === 'id') {
      if (value.trim() === '' || /\s/.test(value) || seenIds.has(value)) continue; // ids must be unique
      seenIds.add(value);
      out.id = value;
    } else if (XML_NAME.test(key) && key !== 'href' && key !== 'src') out[key] = value;
  }
  // Lexical numbers every list item; HTML allows `value` only on an ordered list's items.
  if (name === 'li' && (el.parent as Element | null)?.name !== 'ol') delete out.value;
  if (name === 'a') {
    const href = linkHref(el, chapterId, links);
    if (href) out.href = href;
    else delete out.rel;
  }
  if (name === 'img') {
    const src = links.imageOf(el.attribs.src ?? '');
    if (!src) return null;
    out.src = src;
    out.alt ??= '';
  }
  return out;
}

function linkHref(el: Element, chapterId: string, links: ChapterLinks): string | undefined {
  const href = (el.attribs.href ?? '').trim();
  const target = el.attribs['data-chapter-id'];
  if (target !== undefined) {
    const file = links.fileOf(target);
    if (!file) return undefined;
    const anchor = el.attribs['data-anchor'];
    return anchor && links.hasAnchor(target, anchor) ? `${file}#${encodeURIComponent(anchor)}` : file;
  }
  if (href.startsWith('#')) {
    const anchor = safeDecode(href.slice(1));
    return anchor && links.hasAnchor(chapterId, anchor) ? `#${encodeURIComponent(anchor)}` : undefined;
  }
  if (/^(https?:|mailto:)/i.test(href)) return href;
  return undefined;
}

function safeDecode(s: string): string {
  try {
    return decodeURIComponent(s);
  } catch {
    return s;
  }
}
