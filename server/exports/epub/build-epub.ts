/**
 * EPUB 3 export of a book in the canonical format (DOMAIN.md "EPUB 3"): `mimetype` first and
 * stored, container.xml, a package with metadata, manifest and spine in that order (identifier,
 * title, language, dcterms:modified, creators with MARC roles, accessibility metadata), a
 * navigation document with the contents and landmarks, the cover marked `cover-image`, one XHTML
 * file per chapter. Checked by epubcheck in tests (server/exports/epubcheck.test.ts) and at each
 * submission (server/publishing/checks/epubcheck.ts).
 */
import { createHash } from 'node:crypto';
import type { ChildNode } from 'domhandler';
import { zipSync, type Zippable } from 'fflate';
import { DomUtils } from 'htmlparser2';
import type { CanonicalBook, Contributor, TocEntry } from '../../../sync/book-format';
import { accessibilityMetadata } from './accessibility';
import { chapterBodyXhtml, escapeXml as esc, idsOf, parseBody, type ChapterLinks } from './chapter-xhtml';

export interface ExportBook {
  book: CanonicalBook;
  /** The bytes of each of `book.assets`, by path. */
  assets: ReadonlyMap<string, Uint8Array>;
  /** The asset (a path among `book.assets`) an image's src in a chapter points at, or undefined. */
  assetOfSrc(src: string): string | undefined;
  /** Start each chapter with its title as a heading when its text has none (manuscripts). */
  titleHeadings?: boolean;
}

interface BuildOptions {
  /** dcterms:modified and the ZIP entries' times. */
  modified: Date;
  /** Called after each chapter: chapters done, chapters in all. */
  onProgress?(done: number, total: number): void;
}

const MARC: Record<Contributor['role'], string> = {
  author: 'aut',
  'co-author': 'aut',
  editor: 'edt',
  translator: 'trl',
  illustrator: 'ill',
  narrator: 'nrt',
};
/** Bytes that are compressed already: stored, not deflated again. */
const PACKED = /^(image\/(jpeg|png|gif|webp|avif)|font\/woff2?|application\/font-woff)$/;
const CSS_PATH = 'quire.css';
const BASE_CSS = `body { margin: 0 5%; line-height: 1.5; }
img { max-width: 100%; height: auto; }
hr { border: 0; text-align: center; margin: 1.5em 0; }
hr::after { content: "* * *"; }
blockquote { margin: 1em 2em; }
`;

const enc = (s: string) => new TextEncoder().encode(s);
const chapterFile = (id: string) => `text/${id}.xhtml`;
const assetFile = (path: string) => `assets/${path}`;

/** `urn:isbn:…` for a book with an ISBN, else a UUID derived from the book's id (stable across exports). */
export function epubIdentifier(book: CanonicalBook): string {
  if (book.metadata.isbn) return `urn:isbn:${book.metadata.isbn}`;
  const h = createHash('sha256').update(`quire:${book.metadata.id}`).digest('hex');
  return `urn:uuid:${h.slice(0, 8)}-${h.slice(8, 12)}-5${h.slice(13, 16)}-${((parseInt(h[16]!, 16) & 3) | 8).toString(16)}${h.slice(17, 20)}-${h.slice(20, 32)}`;
}

/** EPUB's date format: UTC to the second, `YYYY-MM-DDThh:mm:ssZ`. */
const epubDate = (d: Date) => d.toISOString().replace(/\.\d{3}Z$/, 'Z');

const plainText = (html: string) =>
  html
    .replace(/<\/?(p|br|li|h[1-6]|div|blockquote|ul|ol)\b[^>]*>/gi, ' ')
    .replace(/<[^>]*>/g, '')
    .replace(/&nbsp;/g, ' ')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&#39;/g, "'")
    .replace(/&amp;/g, '&')
    .replace(/\s+/g, ' ')
    .trim();

export function buildEpub(input: ExportBook, options: BuildOptions): Uint8Array {
  const { book } = input;
  const lang = book.metadata.language;
  const rtl = book.direction === 'rtl';
  const parsed = book.chapters.map((c) => parseBody(c.xhtml));
  const anchors = new Map(book.chapters.map((c, i) => [c.id, idsOf(parsed[i]!)]));
  const fileOfChapter = new Map(book.chapters.map((c) => [c.id, `${c.id}.xhtml`]));
  const usedAssets = new Set<string>();
  let imageCount = 0;
  let describedImages = 0;
  const links: ChapterLinks = {
    fileOf: (id) => fileOfChapter.get(id),
    hasAnchor: (id, anchor) => anchors.get(id)?.has(anchor) ?? false,
    imageOf: (src) => {
      const path = input.assetOfSrc(src);
      if (path === undefined || !input.assets.has(path)) return undefined;
      usedAssets.add(path);
      return `../${assetFile(path)}`;
    },
  };

  const modified = epubDate(options.modified);
  const files: Zippable = {
    mimetype: [enc('application/epub+zip'), { level: 0 }],
    'META-INF/container.xml': enc(`<?xml version="1.0" encoding="UTF-8"?>
<container version="1.0" xmlns="urn:oasis:names:tc:opendocument:xmlns:container">
<rootfiles><rootfile full-path="OEBPS/content.opf" media-type="application/oebps-package+xml"/></rootfiles>
</container>`),
  };
  const stylesheets = [`../${CSS_PATH}`, ...book.stylesheets.filter((p) => input.assets.has(p)).map((p) => `../${assetFile(p)}`)];
  book.chapters.forEach((chapter, i) => {
    const nodes = parsed[i]!;
    for (const img of collectImages(nodes)) {
      const path = input.assetOfSrc(img.attribs.src ?? '');
      if (path === undefined || !input.assets.has(path)) continue; // left out of the export
      imageCount++;
      if ((img.attribs.alt ?? '').trim()) describedImages++;
    }
    let body = chapterBodyXhtml(nodes, chapter.id, links);
    if (input.titleHeadings && !/<h[1-3][\s>]/.test(body)) body = `<h1>${esc(chapter.title)}</h1>\n${body}`;
    const viewport = chapter.layout === 'pre-paginated' && chapter.viewport ? chapter.viewport : undefined;
    files[`OEBPS/${chapterFile(chapter.id)}`] = enc(`<?xml version="1.0" encoding="UTF-8"?>
<!DOCTYPE html>
<html xmlns="http://www.w3.org/1999/xhtml" xmlns:epub="http://www.idpf.org/2007/ops" xml:lang="${esc(lang)}" lang="${esc(lang)}"${rtl ? ' dir="rtl"' : ''}>
<head>
<title>${esc(chapter.title)}</title>
${viewport ? `<meta name="viewport" content="width=${Math.round(viewport.width)}, height=${Math.round(viewport.height)}"/>\n` : ''}${stylesheets.map((href) => `<link rel="stylesheet" type="text/css" href="${esc(href)}"/>`).join('\n')}
</head>
<body>
${body}
</body>
</html>
`);
    options.onProgress?.(i + 1, book.chapters.length);
  });
  // CSS may name fonts and images by url(); keep every stylesheet's neighbours.
  for (const css of book.stylesheets) if (input.assets.has(css)) usedAssets.add(css);
  for (const asset of book.assets) if (asset.mediaType.includes('font')) usedAssets.add(asset.path);
  if (book.coverPath && input.assets.has(book.coverPath)) usedAssets.add(book.coverPath);

  const assets = book.assets.filter((a) => usedAssets.has(a.path));
  for (const a of assets) {
    const bytes = input.assets.get(a.path)!;
    files[`OEBPS/${assetFile(a.path)}`] = PACKED.test(a.mediaType) ? [bytes, { level: 0 }] : bytes;
  }
  files[`OEBPS/${CSS_PATH}`] = enc(BASE_CSS);
  files['OEBPS/nav.xhtml'] = enc(navDocument(book, fileOfChapter, anchors));
  const a11y = accessibilityMetadata(book.accessibility, { hasImages: imageCount > 0, allImagesDescribed: describedImages === imageCount });
  files['OEBPS/content.opf'] = enc(packageDocument(book, assets, modified, a11y));
  return zipSync(files, { level: 6, mtime: options.modified });
}

const collectImages = (nodes: ChildNode[]) => DomUtils.findAll((el) => el.name === 'img', nodes);

function navDocument(book: CanonicalBook, fileOf: Map<string, string>, anchors: Map<string, Set<string>>): string {
  const href = (e: TocEntry) => {
    const file = `${chapterFile(e.chapterId)}`;
    return e.anchor && anchors.get(e.chapterId)?.has(e.anchor) ? `${file}#${encodeURIComponent(e.anchor)}` : file;
  };
  const entries: TocEntry[] = book.toc.length ? [...book.toc] : book.chapters.map((c) => ({ title: c.title, chapterId: c.id, children: [] }));
  // Every chapter must be reachable: one the contents leave out (a note page) is listed at the end.
  const listed = new Set<string>();
  const visit = (list: TocEntry[]) => list.forEach((e) => (listed.add(e.chapterId), visit(e.children)));
  visit(entries);
  for (const c of book.chapters) if (!listed.has(c.id) && fileOf.has(c.id)) entries.push({ title: c.title, chapterId: c.id, children: [] });
  const list = (items: TocEntry[]): string =>
    `<ol>\n${items.map((e) => `<li><a href="${esc(href(e))}">${esc(e.title)}</a>${e.children.length ? `\n${list(e.children)}` : ''}</li>`).join('\n')}\n</ol>`;
  const firstText = book.chapters.find((c) => c.linear) ?? book.chapters[0]!;
  const lang = esc(book.metadata.language);
  return `<?xml version="1.0" encoding="UTF-8"?>
<!DOCTYPE html>
<html xmlns="http://www.w3.org/1999/xhtml" xmlns:epub="http://www.idpf.org/2007/ops" xml:lang="${lang}" lang="${lang}"${book.direction === 'rtl' ? ' dir="rtl"' : ''}>
<head>
<title>${esc(book.metadata.title)}</title>
<link rel="stylesheet" type="text/css" href="${CSS_PATH}"/>
</head>
<body>
<nav epub:type="toc" id="toc" role="doc-toc">
<h1>Contents</h1>
${list(entries)}
</nav>
<nav epub:type="landmarks" id="landmarks" hidden="hidden">
<h2>Landmarks</h2>
<ol>
<li><a epub:type="bodymatter" href="${esc(chapterFile(firstText.id))}">${esc(firstText.title)}</a></li>
</ol>
</nav>
</body>
</html>
`;
}

function packageDocument(book: CanonicalBook, assets: CanonicalBook['assets'], modified: string, a11y: ReturnType<typeof accessibilityMetadata>): string {
  const m = book.metadata;
  const fixed = book.layout === 'pre-paginated';
  const creators = m.contributors
    .map((c, i) => {
      const element = c.role === 'author' || c.role === 'co-author' ? 'dc:creator' : 'dc:contributor';
      return `<${element} id="contributor${i}">${esc(c.name)}</${element}>\n<meta refines="#contributor${i}" property="role" scheme="marc:relators">${MARC[c.role]}</meta>`;
    })
    .join('\n');
  const description = plainText(m.description);
  const date = m.publishedAt !== undefined ? new Date(m.publishedAt).toISOString().slice(0, 10) : undefined;
  const a11yMeta = [
    ...a11y.accessModes.map((v) => `<meta property="schema:accessMode">${esc(v)}</meta>`),
    ...a11y.accessModesSufficient.map((v) => `<meta property="schema:accessModeSufficient">${esc(v)}</meta>`),
    ...a11y.features.map((v) => `<meta property="schema:accessibilityFeature">${esc(v)}</meta>`),
    ...a11y.hazards.map((v) => `<meta property="schema:accessibilityHazard">${esc(v)}</meta>`),
    `<meta property="schema:accessibilitySummary">${esc(a11y.summary)}</meta>`,
  ];
  const manifest = [
    '<item id="nav" href="nav.xhtml" media-type="application/xhtml+xml" properties="nav"/>',
    `<item id="css" href="${CSS_PATH}" media-type="text/css"/>`,
    ...book.chapters.map((c, i) => `<item id="c${i}" href="${esc(chapterFile(c.id))}" media-type="application/xhtml+xml"/>`),
    ...assets.map(
      (a, i) =>
        `<item id="a${i}" href="${esc(assetFile(a.path))}" media-type="${esc(a.mediaType)}"${a.path === book.coverPath ? ' properties="cover-image"' : ''}/>`,
    ),
  ];
  const spine = book.chapters.map((c, i) => {
    const props = [
      ...(c.layout !== book.layout ? [`rendition:layout-${c.layout}`] : []),
      ...(c.layout === 'pre-paginated' && c.pageSpread ? [c.pageSpread === 'center' ? 'rendition:page-spread-center' : `page-spread-${c.pageSpread}`] : []),
    ];
    return `<itemref idref="c${i}"${c.linear ? '' : ' linear="no"'}${props.length ? ` properties="${props.join(' ')}"` : ''}/>`;
  });
  return `<?xml version="1.0" encoding="UTF-8"?>
<package xmlns="http://www.idpf.org/2007/opf" version="3.0" unique-identifier="uid" xml:lang="${esc(m.language)}">
<metadata xmlns:dc="http://purl.org/dc/elements/1.1/">
<dc:identifier id="uid">${esc(epubIdentifier(book))}</dc:identifier>
<dc:title id="title">${esc(m.title)}</dc:title>
<meta refines="#title" property="title-type">main</meta>
${m.subtitle ? `<dc:title id="subtitle">${esc(m.subtitle)}</dc:title>\n<meta refines="#subtitle" property="title-type">subtitle</meta>\n` : ''}<dc:language>${esc(m.language)}</dc:language>
${creators}
${m.publisher ? `<dc:publisher>${esc(m.publisher)}</dc:publisher>\n` : ''}${description ? `<dc:description>${esc(description)}</dc:description>\n` : ''}${date ? `<dc:date>${date}</dc:date>\n` : ''}<meta property="dcterms:modified">${modified}</meta>
${a11yMeta.join('\n')}
${fixed ? `<meta property="rendition:layout">pre-paginated</meta>\n<meta property="rendition:spread">${book.spread}</meta>\n` : ''}</metadata>
<manifest>
${manifest.join('\n')}
</manifest>
<spine${book.direction === 'rtl' ? ' page-progression-direction="rtl"' : ''}>
${spine.join('\n')}
</spine>
</package>
`;
}
