/**
 * The table of contents: the EPUB 3 navigation document's `<nav epub:type="toc">`, else the
 * EPUB 2 NCX navMap. Entries keep their nesting and point at ZIP paths plus fragments; the
 * importer maps them to chapter ids afterwards.
 */
import type { ZipFiles } from './read-zip';
import type { Element } from 'domhandler';
import { resolveHref } from './paths';
import { attr, childElements, decodeText, findAll, findFirst, parseXml, textOf } from './xml';

export interface RawTocEntry {
  title: string;
  path?: string;
  fragment?: string;
  children: RawTocEntry[];
}

const MAX_DEPTH = 8;

export function readToc(files: ZipFiles, navPath?: string, ncxPath?: string): RawTocEntry[] {
  if (navPath) {
    const fromNav = readNav(files, navPath);
    if (fromNav.length > 0) return fromNav;
  }
  return ncxPath ? readNcx(files, ncxPath) : [];
}

function readNav(files: ZipFiles, navPath: string): RawTocEntry[] {
  const doc = parseXml(decodeText(files.get(navPath)!), navPath);
  const navs = findAll(doc, 'nav');
  const toc = navs.find((n) => (attr(n, 'epub:type') ?? '').split(/\s+/).includes('toc')) ?? navs[0];
  const list = toc && findFirst(toc, 'ol');
  return list ? navList(list, navPath, 0) : [];
}

function navList(ol: Element, base: string, depth: number): RawTocEntry[] {
  if (depth > MAX_DEPTH) return [];
  return childElements(ol, 'li').flatMap((li) => {
    const label = childElements(li).find((c) => ['a', 'span'].includes(c.name.toLowerCase()));
    const sub = childElements(li, 'ol')[0];
    const children = sub ? navList(sub, base, depth + 1) : [];
    const title = label ? textOf(label) : '';
    if (!title) return children;
    const href = label && label.name.toLowerCase() === 'a' ? attr(label, 'href') : undefined;
    return [{ title, ...target(base, href), children }];
  });
}

function readNcx(files: ZipFiles, ncxPath: string): RawTocEntry[] {
  const doc = parseXml(decodeText(files.get(ncxPath)!), ncxPath);
  const navMap = findFirst(doc, 'navMap');
  return navMap ? ncxPoints(navMap, ncxPath, 0) : [];
}

function ncxPoints(parent: Element, base: string, depth: number): RawTocEntry[] {
  if (depth > MAX_DEPTH) return [];
  return childElements(parent, 'navPoint').flatMap((point) => {
    const label = childElements(point, 'navLabel')[0];
    const content = childElements(point, 'content')[0];
    const children = ncxPoints(point, base, depth + 1);
    const title = label ? textOf(label) : '';
    if (!title) return children;
    return [{ title, ...target(base, content ? attr(content, 'src') : undefined), children }];
  });
}

function target(base: string, href: string | undefined): { path?: string; fragment?: string } {
  const resolved = href ? resolveHref(base, href) : null;
  return resolved ?? {};
}
