/**
 * Splitting one HTML document into chapters at its top-level `<h1>`s (a Word "Heading 1", a
 * Markdown `# `). The heading stays at the top of its chapter's text, as a writer typed it, and
 * names the chapter; anything before the first one becomes an "Opening" chapter if it has text.
 * Also how an import is titled (pickTitle): by what the document says, not by its file name.
 */
import render from 'dom-serializer';
import { isTag, type ChildNode, type Document } from 'domhandler';
import { DomUtils, parseDocument } from 'htmlparser2';
import { MAX_NESTING_DEPTH, NESTED_TOO_DEEPLY, nestingDepth } from '../../books/epub/nesting';
import { ImportError } from './import-error';

export interface Section {
  title: string;
  html: string;
}

const textOf = (node: ChildNode) => DomUtils.textContent(node).replace(/\s+/g, ' ').trim();

/** A converted document, refused before anything walks it when it nests too deeply. */
function parseConverted(html: string): Document {
  const doc = parseDocument(html);
  if (nestingDepth(doc) > MAX_NESTING_DEPTH) throw new ImportError('too_deep', `This document ${NESTED_TOO_DEEPLY}`);
  return doc;
}

export function splitAtHeadings(html: string): Section[] {
  return splitDocument(parseConverted(html));
}

/** The chapters and the first heading of a converted document, from one parse (imports can be 20 MB). */
export function splitWithHeading(html: string): { sections: Section[]; heading: string } {
  const doc = parseConverted(html);
  return { sections: splitDocument(doc), heading: headingOf(doc) };
}

function splitDocument(doc: Document): Section[] {
  const groups: { heading: string | null; nodes: ChildNode[] }[] = [{ heading: null, nodes: [] }];
  for (const node of doc.children) {
    if (isTag(node) && node.name === 'h1') groups.push({ heading: textOf(node), nodes: [node] });
    else groups.at(-1)!.nodes.push(node);
  }
  const [lead, ...chapters] = groups;
  const sections: Section[] = [];
  const leadText = lead!.nodes.map(textOf).join('');
  if (leadText !== '') sections.push({ title: chapters.length > 0 ? 'Opening' : '', html: render(lead!.nodes) });
  for (const [i, c] of chapters.entries()) sections.push({ title: c.heading || `Chapter ${i + 1}`, html: render(c.nodes) });
  return sections.map((s, i) => ({ ...s, title: (s.title || `Chapter ${i + 1}`).slice(0, 200) }));
}

/** Titles a template or a blank document leaves in its metadata: "Document1", "Untitled", "Title". */
const GENERIC_TITLE =
  /^(?:(?:my|new|the)\s+)?(?:draft|final|manuscript|document|doc|untitled|copy|version|revised|title|v)(?:[\s-]*(?:\d+|draft|final|copy|v\d+))*$/i;

/** A title the file's metadata states, unless it is empty or one a template leaves behind. */
export function statedTitle(value: string | undefined): string {
  const title = (value ?? '').replace(/\s+/g, ' ').trim();
  return GENERIC_TITLE.test(title) ? '' : title;
}

/** The text of the document's first top-level heading (`<h1>`), else of its first heading of any level. */
export function firstHeading(html: string): string {
  return headingOf(parseConverted(html));
}

function headingOf(doc: Document): string {
  const find = (names: string[]) => DomUtils.findOne((el) => names.includes(el.name) && textOf(el) !== '', doc.children);
  const heading = find(['h1']) ?? find(['h2', 'h3', 'h4', 'h5', 'h6']);
  return heading ? textOf(heading) : '';
}

/** A file name without its folders and extension (underscores read as spaces). */
function titleFromFileName(fileName: string | undefined): string {
  const base = (fileName ?? '').split(/[\\/]/).pop() ?? '';
  return base
    .replace(/\.[A-Za-z0-9]{1,8}$/, '')
    .replace(/_+/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();
}

/**
 * A manuscript's title: what the document states (a Word "Title" paragraph or core-properties
 * title, an EPUB's dc:title, Markdown front matter), else its first heading; the file name
 * (without extension) only when the document has neither — a file is named for its stage
 * ("draft 3.docx") far more often than for its book.
 */
export function pickTitle(stated: string | undefined, heading: string | undefined, fileName: string | undefined): string {
  return (statedTitle(stated) || (heading ?? '').trim() || titleFromFileName(fileName) || 'Imported manuscript').slice(0, 200);
}

export function countImages(html: string): number {
  const doc = parseConverted(html);
  return DomUtils.findAll((el) => el.name === 'img' || el.name === 'image', doc.children).length;
}
