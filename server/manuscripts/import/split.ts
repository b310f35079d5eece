/**
 * Splitting one HTML document into chapters at its top-level `<h1>`s (a Word "Heading 1", a
 * Markdown `# `). The heading stays at the top of its chapter's text, as a writer typed it, and
 * names the chapter; anything before the first one becomes an "Opening" chapter if it has text.
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
  const doc = parseConverted(html);
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

/** Names a file gets from its stage, not its book: "draft", "Final v2", "Document1", "untitled copy". */
const GENERIC_FILE_NAME =
  /^(?:(?:my|new|the)\s+)?(?:draft|final|manuscript|document|doc|untitled|copy|version|revised|v)(?:[\s-]*(?:\d+|draft|final|copy|v\d+))*$/i;

/** The name a manuscript gets from a file name (without folders and extension), unless it is generic. */
function titleFromFileName(fileName: string | undefined): string {
  const base = (fileName ?? '').split(/[\\/]/).pop() ?? '';
  const name = base
    .replace(/\.(docx|md|markdown|epub|txt)$/i, '')
    .replace(/[_]+/g, ' ')
    .trim()
    .slice(0, 200);
  return GENERIC_FILE_NAME.test(name) ? '' : name;
}

/**
 * A manuscript's title: the one its document states (a Word "Title" paragraph), else the single
 * chapter heading of a one-chapter document, else the file name when it names the book, else the
 * first heading.
 */
export function pickTitle(stated: string | undefined, sections: Section[], hadHeadings: boolean, fileName: string | undefined): string {
  const headed = hadHeadings ? sections.filter((s) => s.title !== 'Opening') : [];
  return (stated?.trim() || (headed.length === 1 ? headed[0]!.title : '') || titleFromFileName(fileName) || headed[0]?.title || 'Imported manuscript').slice(
    0,
    200,
  );
}

export function countImages(html: string): number {
  const doc = parseConverted(html);
  return DomUtils.findAll((el) => el.name === 'img' || el.name === 'image', doc.children).length;
}
