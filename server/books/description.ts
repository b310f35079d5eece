/**
 * A book's description is rich text: paragraphs, emphasis, lists and web links, nothing else.
 * saveBook stores it through sanitizeDescription whatever wrote it (an EPUB's dc:description,
 * which publishers fill with HTML; the seed's plain paragraphs; later the publishing form), so
 * the book page may render it as HTML. Plain text (no tags) becomes paragraphs at blank lines.
 */
import render from 'dom-serializer';
import { Element, Text, isTag, isText, type ChildNode } from 'domhandler';
import { parseDocument } from 'htmlparser2';

/** Kept as elements; `b`/`i` become `strong`/`em`. Anything else is unwrapped (its text stays). */
const KEPT = new Set(['p', 'br', 'em', 'strong', 'ul', 'ol', 'li', 'a', 'blockquote']);
const RENAMED: Record<string, string> = { b: 'strong', i: 'em' };
/** Removed with their content. */
const DROPPED = new Set(['script', 'style', 'template', 'iframe', 'object', 'embed', 'svg', 'math', 'head', 'title', 'noscript', 'img']);
const SAFE_HREF = /^(https?:|mailto:)/i;

function clean(nodes: ChildNode[]): ChildNode[] {
  return nodes.flatMap((node): ChildNode[] => {
    if (isText(node)) return [new Text(node.data)];
    if (!isTag(node)) return [];
    const name = RENAMED[node.name] ?? node.name;
    if (DROPPED.has(name)) return [];
    const children = clean(node.children);
    if (!KEPT.has(name)) return children;
    const attribs: Record<string, string> = {};
    if (name === 'a') {
      const href = (node.attribs.href ?? '').trim();
      if (!SAFE_HREF.test(href)) return children;
      Object.assign(attribs, { href, rel: 'nofollow noopener noreferrer', target: '_blank' });
    }
    return [new Element(name, attribs, children)];
  });
}

const escapeText = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

export function sanitizeDescription(input: string): string {
  const source = input.trim();
  if (!source) return '';
  if (!/<[a-z!/]/i.test(source)) {
    return source
      .split(/\n\s*\n/)
      .map((p) => p.trim())
      .filter(Boolean)
      .map((p) => `<p>${escapeText(p).replace(/\n/g, '<br>')}</p>`)
      .join('');
  }
  const doc = parseDocument(source, { decodeEntities: true });
  return render(clean(doc.children), { encodeEntities: 'utf8', selfClosingTags: false }).trim();
}

/** The words of a description, for meta tags and the search index. */
export function descriptionText(html: string): string {
  return html
    .replace(/<\/(p|li|blockquote)>|<br>/g, ' ')
    .replace(/<[^>]*>/g, '')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&amp;/g, '&')
    .replace(/\s+/g, ' ')
    .trim();
}
