/**
 * Turns one chapter's XHTML into the canonical chapter body: allowlisted elements and attributes
 * only (sanitize-rules.ts), images pointed at the book's asset route, links between chapters
 * rewritten to `#chapterId` or `#chapterId/anchor` (with data-chapter-id / data-anchor for the
 * reader), `epub:type` kept as `data-epub-type`, and the body wrapped in a `.quire-body` element
 * that the scoped publisher CSS addresses instead of `<body>`.
 */
import render from 'dom-serializer';
import { Element, isTag, isText, type ChildNode, type ParentNode } from 'domhandler';
import { DomUtils, parseDocument } from 'htmlparser2';
import { hasScheme, resolveHref } from './paths';
import { EpubError } from './epub-error';
import { MAX_NESTING_DEPTH, NESTED_TOO_DEEPLY, nestingDepth } from './nesting';
import { BODY_CLASS, MAX_BOOK_Z_INDEX } from './scope-css';
import {
  ALLOWED_ELEMENTS,
  ALLOWED_STYLE,
  DROPPED_ELEMENTS,
  ELEMENT_ATTRIBUTES,
  FIXED_LAYOUT_POSITIONS,
  FIXED_LAYOUT_STYLE,
  GLOBAL_ATTRIBUTES,
  SAFE_LINK_SCHEMES,
} from './sanitize-rules';

export interface ChapterContext {
  chapterId: string;
  /** ZIP path of the chapter's document, the base of its relative links. */
  path: string;
  chapterIdOf(path: string): string | undefined;
  assetUrlOf(path: string): string | undefined;
  /** A fixed-layout page: inline styles may position boxes, and a framing SVG keeps its size. */
  fixedLayout?: boolean;
}

export interface SanitizedChapter {
  xhtml: string;
  /** Text of the first heading, the title fallback when the contents do not name the chapter. */
  heading?: string;
  /** ZIP paths of the (non-alternate) stylesheets the document links. */
  stylesheets: string[];
}

export function sanitizeChapter(source: string, chapter: ChapterContext): SanitizedChapter {
  const doc = parseDocument(source, { xmlMode: false, recognizeSelfClosing: true, recognizeCDATA: true });
  if (nestingDepth(doc) > MAX_NESTING_DEPTH) throw new EpubError('too_deep', `The chapter "${chapter.path.slice(0, 120)}" ${NESTED_TOO_DEEPLY}`);
  const stylesheets = DomUtils.findAll((el) => el.name === 'link', doc.children)
    .filter((l) => /(^|\s)stylesheet(\s|$)/i.test(l.attribs.rel ?? '') && !/alternate/i.test(l.attribs.rel ?? ''))
    .flatMap((l) => resolveHref(chapter.path, l.attribs.href ?? '')?.path ?? []);
  const html = DomUtils.findOne((el) => el.name === 'html', doc.children);
  const body = DomUtils.findOne((el) => el.name === 'body', doc.children) ?? doc;
  const bodyAttribs = body instanceof Element ? body.attribs : {};
  clean(body, chapter);
  const headingEl = DomUtils.findOne((el) => /^h[1-6]$/.test(el.name), body.children);
  const heading = headingEl ? DomUtils.textContent(headingEl).replace(/\s+/g, ' ').trim() : '';

  const wrapper = new Element('div', { class: [BODY_CLASS, bodyAttribs.class ?? ''].join(' ').trim() }, [...body.children]);
  const lang = bodyAttribs.lang ?? bodyAttribs['xml:lang'] ?? html?.attribs.lang ?? html?.attribs['xml:lang'];
  const dir = bodyAttribs.dir ?? html?.attribs.dir;
  if (lang) wrapper.attribs.lang = lang;
  if (dir === 'rtl' || dir === 'ltr' || dir === 'auto') wrapper.attribs.dir = dir;
  if (bodyAttribs['epub:type']) wrapper.attribs['data-epub-type'] = bodyAttribs['epub:type'];
  const xhtml = render(wrapper, { encodeEntities: 'utf8', selfClosingTags: true });
  return { xhtml, ...(heading ? { heading: heading.slice(0, 300) } : {}), stylesheets };
}

function clean(parent: ParentNode, chapter: ChapterContext): void {
  for (const node of [...parent.children]) {
    if (isText(node)) continue;
    if (!isTag(node)) {
      DomUtils.removeElement(node); // comments, processing instructions, doctype, CDATA
      continue;
    }
    const name = node.name.toLowerCase();
    if (name === 'svg') {
      const image = svgImage(node, chapter);
      if (image) DomUtils.replaceElement(node, image);
      else DomUtils.removeElement(node);
      continue;
    }
    if (DROPPED_ELEMENTS.has(name)) {
      DomUtils.removeElement(node);
      continue;
    }
    clean(node, chapter);
    if (!ALLOWED_ELEMENTS.has(name)) {
      unwrap(node);
      continue;
    }
    node.attribs = cleanAttributes(name, node.attribs, chapter);
    if (name === 'img' && !node.attribs.src) DomUtils.removeElement(node);
  }
}

function unwrap(node: Element): void {
  const children: ChildNode[] = [...node.children];
  for (const child of children) DomUtils.prepend(node, child);
  DomUtils.removeElement(node);
}

function cleanAttributes(name: string, attribs: Record<string, string>, chapter: ChapterContext): Record<string, string> {
  const out: Record<string, string> = {};
  const allowed = ELEMENT_ATTRIBUTES[name];
  for (const [rawKey, value] of Object.entries(attribs)) {
    const key = rawKey.toLowerCase();
    if (key === 'epub:type') out['data-epub-type'] = value;
    else if (key === 'xml:lang') out.lang ??= value;
    else if (key === 'style') {
      const style = cleanStyle(value, chapter.fixedLayout === true);
      if (style) out.style = style;
    } else if (key === 'href' && name === 'a') Object.assign(out, link(value, chapter));
    else if (key === 'src' && name === 'img') {
      const url = imageUrl(value, chapter);
      if (url) out.src = url;
    } else if (GLOBAL_ATTRIBUTES.has(key) || key.startsWith('aria-') || allowed?.has(key)) out[key] = value;
  }
  return out;
}

function link(href: string, chapter: ChapterContext): Record<string, string> {
  const trimmed = href.trim();
  if (hasScheme(trimmed)) {
    return SAFE_LINK_SCHEMES.test(trimmed) ? { href: trimmed, rel: 'noopener noreferrer external' } : {};
  }
  const target = resolveHref(chapter.path, trimmed);
  if (!target) return {};
  const chapterId = chapter.chapterIdOf(target.path);
  if (chapterId) {
    const anchor = target.fragment;
    return {
      href: anchor ? `#${chapterId}/${encodeURIComponent(anchor)}` : `#${chapterId}`,
      'data-chapter-id': chapterId,
      ...(anchor ? { 'data-anchor': anchor } : {}),
    };
  }
  const asset = chapter.assetUrlOf(target.path);
  return asset ? { href: asset } : {};
}

function imageUrl(src: string, chapter: ChapterContext): string | undefined {
  const target = resolveHref(chapter.path, src);
  return target ? chapter.assetUrlOf(target.path) : undefined;
}

/** An SVG that only frames a raster image (the usual cover page) becomes a plain <img>. */
function svgImage(svg: Element, chapter: ChapterContext): Element | null {
  const image = DomUtils.findOne((el) => el.name.toLowerCase() === 'image', svg.children);
  const href = image ? (image.attribs['xlink:href'] ?? image.attribs.href) : undefined;
  const url = href ? imageUrl(href, chapter) : undefined;
  if (!url) return null;
  const label = DomUtils.findOne((el) => el.name.toLowerCase() === 'title', svg.children);
  const img = new Element('img', { src: url, alt: label ? DomUtils.textContent(label).trim() : '' });
  // On a fixed page the SVG is sized to the page (usually 100% of it) and scales its picture
  // to fit (preserveAspectRatio's default, "meet"), which object-fit: contain does for an <img>.
  if (chapter.fixedLayout)
    img.attribs.style = `display: block; width: ${svgLength(svg.attribs.width)}; height: ${svgLength(svg.attribs.height)}; object-fit: contain`;
  return img;
}

function svgLength(value: string | undefined): string {
  const v = (value ?? '').trim();
  if (/^\d+(\.\d+)?%$/.test(v) || /^\d+(\.\d+)?px$/.test(v)) return v;
  return /^\d+(\.\d+)?$/.test(v) ? `${v}px` : '100%';
}

function cleanStyle(style: string, fixedLayout: boolean): string {
  const out: string[] = [];
  for (const [rawProp, rawValue, ...rest] of style.split(';').map((d) => d.split(':'))) {
    const prop = rawProp?.trim().toLowerCase() ?? '';
    let value = rawValue?.trim() ?? '';
    if (!rawProp || !rawValue || rest.length > 0 || /[()\\<>]|url|expression/i.test(value)) continue;
    if (ALLOWED_STYLE.test(prop)) out.push(`${prop}: ${value}`);
    else if (fixedLayout && FIXED_LAYOUT_STYLE.test(prop)) {
      if (prop === 'position' && !FIXED_LAYOUT_POSITIONS.test(value)) continue;
      if (prop === 'z-index') {
        if (!/^-?\d+$/.test(value)) continue;
        value = String(Math.max(-MAX_BOOK_Z_INDEX, Math.min(MAX_BOOK_Z_INDEX, Number(value))));
      }
      out.push(`${prop}: ${value}`);
    }
  }
  return out.join('; ');
}
