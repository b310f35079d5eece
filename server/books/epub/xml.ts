/**
 * Small helpers over htmlparser2's DOM for package documents (OPF, container, NCX, nav).
 * Names are matched by local name so `dc:title`, `opf:role` and an unprefixed default
 * namespace all work: real-world packages mix prefixes freely.
 */
import { DomUtils, parseDocument } from 'htmlparser2';
import { isTag, type Document, type Element } from 'domhandler';
import { EpubError } from './epub-error';
import { MAX_NESTING_DEPTH, NESTED_TOO_DEEPLY, nestingDepth } from './nesting';

const decoder = new TextDecoder('utf-8');

export function decodeText(bytes: Uint8Array): string {
  return decoder.decode(bytes).replace(/^\uFEFF/, '');
}

/** `name` (the file's path) names it in a refusal. */
export function parseXml(text: string, name: string): Document {
  const doc = parseDocument(text, { xmlMode: true });
  if (nestingDepth(doc) > MAX_NESTING_DEPTH) throw new EpubError('too_deep', `The file "${name.slice(0, 120)}" ${NESTED_TOO_DEEPLY}`);
  return doc;
}

function localName(name: string): string {
  const colon = name.lastIndexOf(':');
  return (colon >= 0 ? name.slice(colon + 1) : name).toLowerCase();
}

/** Every element under `root` with this local name, in document order. */
export function findAll(root: Document | Element, name: string): Element[] {
  const wanted = name.toLowerCase();
  return DomUtils.findAll((el) => localName(el.name) === wanted, root.children);
}

export function findFirst(root: Document | Element, name: string): Element | undefined {
  return findAll(root, name)[0];
}

/** Direct children with this local name. */
export function childElements(el: Element, name?: string): Element[] {
  return el.children.filter((c): c is Element => isTag(c) && (name === undefined || localName(c.name) === name.toLowerCase()));
}

/** An attribute by local name (`opf:role` and `role` alike); an exact name wins. */
export function attr(el: Element, name: string): string | undefined {
  if (el.attribs[name] !== undefined) return el.attribs[name];
  const wanted = localName(name);
  for (const [key, value] of Object.entries(el.attribs)) if (localName(key) === wanted) return value;
  return undefined;
}

/** Text content with whitespace collapsed. */
export function textOf(el: Element): string {
  return DomUtils.textContent(el).replace(/\s+/g, ' ').trim();
}
