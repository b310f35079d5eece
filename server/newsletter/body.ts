/**
 * An issue's body: since decision 038's amendment, the HTML of the manuscripts' editor (as the
 * blog's posts), sanitised on save by the blog's sanitiser (server/blog/sanitize.ts); before it,
 * Markdown from a textarea, which issues already stored keep. Which one a stored body is, is told
 * by its start: the editor's HTML always opens with a block element, Markdown never does (a `<`
 * a writer typed at the start of Markdown was escaped text, and an autolink is `<https:…>`).
 *
 * From either, the mail's HTML part (links and images made absolute: a mail client has no page
 * to resolve them against) and a readable plain-text part (headings, paragraphs, lists, quotes and
 * links as text and URL).
 */
import render from 'dom-serializer';
import { DomUtils, parseDocument } from 'htmlparser2';
import { isTag, isText, type ChildNode, type Element } from 'domhandler';
import { EpubError } from '../books/epub/epub-error';
import { bodyText, sanitizePostBody } from '../blog/sanitize';
import { invalid } from '../http/errors';
import { markdownToHtml } from './render';

const EDITOR_HTML = /^<(p|h[1-6]|ul|ol|blockquote|hr|figure|img|div|pre|table)[\s/>]/i;

/** A stored body written in the editor (HTML), not in the old Markdown textarea. */
export function isHtmlBody(body: string): boolean {
  return EDITOR_HTML.test(body.trim());
}

const EMPTY = 'Write something to send.';

/**
 * What is stored for a body the API was given: the editor's HTML, sanitised, or Markdown as it
 * came (API clients may still send Markdown). 422 on `body` when nothing readable is left.
 */
export function storedBody(body: string): string {
  if (!isHtmlBody(body)) return body.trim();
  let html: string;
  try {
    html = sanitizePostBody(body);
  } catch (error) {
    if (error instanceof EpubError) throw invalid('The issue is nested too deeply to send.', { body: 'The issue is nested too deeply to send.' });
    throw error;
  }
  if (!bodyText(html) && !/<img\s/i.test(html)) throw invalid(EMPTY, { body: EMPTY });
  return html;
}

/** The last body made safe: a send asks for the same issue's HTML once per recipient. */
let lastSanitized: { body: string; html: string } | null = null;

/**
 * The body as HTML for a page, a mail or the editor: a Markdown body rendered (raw HTML in it
 * escaped), an HTML one through the sanitiser again (it was on save; a body stored as Markdown
 * that happened to open with a tag was not).
 */
export function bodyHtml(body: string): string {
  if (!isHtmlBody(body)) return markdownToHtml(body);
  if (lastSanitized?.body !== body) lastSanitized = { body, html: sanitizePostBody(body) };
  return lastSanitized.html;
}

/** Links and images that start with `/` point at this site: a mail needs them whole. */
function absoluteUrls(html: string, origin: string): string {
  const doc = parseDocument(html);
  for (const el of DomUtils.findAll((e) => e.name === 'a' || e.name === 'img', doc.children)) {
    const key = el.name === 'a' ? 'href' : 'src';
    const url = el.attribs[key];
    if (url?.startsWith('/') && !url.startsWith('//')) el.attribs[key] = origin + url;
    if (el.name === 'img') el.attribs.style = 'max-width: 100%; height: auto;';
  }
  return render(doc, { encodeEntities: 'utf8' });
}

const BLOCKS = new Set(['p', 'div', 'h1', 'h2', 'h3', 'h4', 'h5', 'h6', 'ul', 'ol', 'li', 'blockquote', 'hr', 'figure', 'pre', 'table', 'tr']);

/** Inline text of a node: words, line breaks, links as "text (url)", images as their alt text. */
function inline(nodes: ChildNode[], origin: string): string {
  let out = '';
  for (const node of nodes) {
    if (isText(node)) out += node.data.replace(/\s+/g, ' ');
    else if (isTag(node)) {
      if (node.name === 'br') out += '\n';
      else if (node.name === 'img') out += node.attribs.alt ? `[${node.attribs.alt}]` : '';
      else if (node.name === 'a') {
        const text = inline(node.children, origin).trim();
        const href = node.attribs.href ?? '';
        const url = href.startsWith('/') && !href.startsWith('//') ? origin + href : href;
        out += !url || text === url || `mailto:${text}` === url ? text || url : `${text} (${url})`;
      } else out += inline(node.children, origin);
    }
  }
  return out;
}

/** The paragraphs of a run of nodes, each a string (lines joined by \n). */
function blocks(nodes: ChildNode[], origin: string): string[] {
  const out: string[] = [];
  let run: ChildNode[] = [];
  const flush = () => {
    const text = inline(run, origin)
      .split('\n')
      .map((l) => l.trim())
      .join('\n')
      .trim();
    if (text) out.push(text);
    run = [];
  };
  for (const node of nodes) {
    if (!isTag(node) || !BLOCKS.has(node.name)) {
      run.push(node);
      continue;
    }
    flush();
    out.push(...block(node, origin));
  }
  flush();
  return out;
}

function block(el: Element, origin: string): string[] {
  switch (el.name) {
    case 'hr':
      return ['* * *'];
    case 'h1':
    case 'h2':
    case 'h3':
    case 'h4':
    case 'h5':
    case 'h6': {
      const text = inline(el.children, origin).trim();
      if (!text) return [];
      // Underlined, as plain-text mail has long marked headings.
      return [`${text}\n${(Number(el.name[1]) <= 2 ? '=' : '-').repeat(Math.min(text.length, 72))}`];
    }
    case 'ul':
    case 'ol': {
      const items = el.children.filter((c): c is Element => isTag(c) && c.name === 'li');
      const lines = items.map((li, i) => {
        const marker = el.name === 'ol' ? `${i + 1}. ` : '- ';
        const text = blocks(li.children, origin).join('\n');
        return marker + text.split('\n').join(`\n${' '.repeat(marker.length)}`);
      });
      return lines.length ? [lines.join('\n')] : [];
    }
    case 'blockquote':
      return blocks(el.children, origin).map((p) =>
        p
          .split('\n')
          .map((l) => `> ${l}`)
          .join('\n'),
      );
    default:
      return blocks(el.children, origin);
  }
}

/** The body as the plain-text part: a Markdown body is readable as it is; HTML becomes text. */
function bodyPlainText(body: string, origin: string): string {
  if (!isHtmlBody(body)) return body.trim();
  return blocks(parseDocument(bodyHtml(body)).children, origin).join('\n\n');
}

/** An issue's body as the two parts of its mail; `origin` (the site's public URL) completes links. */
export function bodyMailParts(body: string, origin: string): { text: string; html: string } {
  return { text: bodyPlainText(body, origin), html: absoluteUrls(bodyHtml(body), origin) };
}
