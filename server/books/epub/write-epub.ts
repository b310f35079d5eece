/**
 * A tiny EPUB writer: enough of OCF + package + nav (EPUB 3) or NCX (EPUB 2) to round-trip a
 * book through the importer. The demo seed and the tests build their EPUBs with it; export will
 * grow from it. Deterministic: fixed timestamps, so the same book gives the same bytes.
 */
import { zipSync, type Zippable } from 'fflate';

interface EpubChapterInput {
  id: string;
  title: string;
  /** Body content (XHTML fragment); for an SVG page, the whole SVG document. */
  body: string;
  linear?: boolean;
  /** The itemref's properties (page-spread-left, rendition:layout-reflowable…). */
  properties?: string;
  /** More <head> markup, e.g. a fixed-layout page's `<meta name="viewport" …/>`. */
  head?: string;
  /** The page is an SVG document (a fixed-layout page), written as {id}.svg. */
  svg?: boolean;
}

export interface EpubInput {
  version?: 2 | 3;
  identifier: string;
  title: string;
  language: string;
  creators: { name: string; role?: string }[];
  publisher?: string;
  description?: string;
  date?: string;
  chapters: EpubChapterInput[];
  /** Stylesheet text, linked from every chapter as css/book.css. */
  css?: string;
  cover?: { path: string; mediaType: string; bytes: Uint8Array };
  rtl?: boolean;
  /** EPUB 3 fixed layout: package-level rendition:layout, rendition:spread, rendition:viewport. */
  rendition?: { layout?: string; spread?: string; viewport?: string };
  /** More manifest items (images a page shows), written under OEBPS/. */
  resources?: { path: string; mediaType: string; data: Uint8Array | string }[];
  /** Raw extra entries (tests use them to plant hostile files). */
  extraFiles?: Record<string, Uint8Array | string>;
}

const FIXED_MTIME = new Date('2020-01-01T00:00:00Z');
const enc = (s: string) => new TextEncoder().encode(s);
const esc = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

const fileOf = (c: EpubChapterInput) => `${c.id}.${c.svg ? 'svg' : 'xhtml'}`;

function chapterDoc(c: EpubChapterInput, lang: string, css: boolean): string {
  return `<?xml version="1.0" encoding="UTF-8"?>
<html xmlns="http://www.w3.org/1999/xhtml" xmlns:epub="http://www.idpf.org/2007/ops" xml:lang="${esc(lang)}">
<head><title>${esc(c.title)}</title>${css ? '<link rel="stylesheet" type="text/css" href="css/book.css"/>' : ''}${c.head ?? ''}</head>
<body>
${c.body}
</body>
</html>`;
}

function navDoc(input: EpubInput): string {
  const items = input.chapters.map((c) => `<li><a href="${fileOf(c)}">${esc(c.title)}</a></li>`).join('\n');
  return `<?xml version="1.0" encoding="UTF-8"?>
<html xmlns="http://www.w3.org/1999/xhtml" xmlns:epub="http://www.idpf.org/2007/ops">
<head><title>Contents</title></head>
<body><nav epub:type="toc"><h1>Contents</h1><ol>
${items}
</ol></nav></body>
</html>`;
}

function ncxDoc(input: EpubInput): string {
  const points = input.chapters
    .map((c, i) => `<navPoint id="np${i + 1}" playOrder="${i + 1}"><navLabel><text>${esc(c.title)}</text></navLabel><content src="${fileOf(c)}"/></navPoint>`)
    .join('\n');
  return `<?xml version="1.0" encoding="UTF-8"?>
<ncx xmlns="http://www.daisy.org/z3986/2005/ncx/" version="2005-1">
<head><meta name="dtb:uid" content="${esc(input.identifier)}"/></head>
<docTitle><text>${esc(input.title)}</text></docTitle>
<navMap>
${points}
</navMap>
</ncx>`;
}

function opfDoc(input: EpubInput): string {
  const v3 = (input.version ?? 3) === 3;
  const creators = input.creators
    .map((c, i) =>
      v3
        ? `<dc:creator id="creator${i}">${esc(c.name)}</dc:creator><meta refines="#creator${i}" property="role" scheme="marc:relators">${c.role ?? 'aut'}</meta>`
        : `<dc:creator opf:role="${c.role ?? 'aut'}">${esc(c.name)}</dc:creator>`,
    )
    .join('\n');
  const manifest = [
    ...input.chapters.map((c) => `<item id="${c.id}" href="${fileOf(c)}" media-type="${c.svg ? 'image/svg+xml' : 'application/xhtml+xml'}"/>`),
    ...(input.resources ?? []).map((r, i) => `<item id="res${i}" href="${esc(r.path)}" media-type="${esc(r.mediaType)}"/>`),
    v3 ? '<item id="nav" href="nav.xhtml" media-type="application/xhtml+xml" properties="nav"/>' : '',
    '<item id="ncx" href="toc.ncx" media-type="application/x-dtbncx+xml"/>',
    input.css ? '<item id="css" href="css/book.css" media-type="text/css"/>' : '',
    input.cover ? `<item id="cover-image" href="${input.cover.path}" media-type="${input.cover.mediaType}"${v3 ? ' properties="cover-image"' : ''}/>` : '',
  ].filter(Boolean);
  const spine = input.chapters
    .map((c) => `<itemref idref="${c.id}"${c.linear === false ? ' linear="no"' : ''}${c.properties ? ` properties="${esc(c.properties)}"` : ''}/>`)
    .join('\n');
  const rendition = Object.entries(input.rendition ?? {})
    .filter(([, value]) => value)
    .map(([name, value]) => `<meta property="rendition:${name}">${esc(value)}</meta>`)
    .join('\n');
  return `<?xml version="1.0" encoding="UTF-8"?>
<package xmlns="http://www.idpf.org/2007/opf" version="${v3 ? '3.0' : '2.0'}" unique-identifier="uid"${rendition ? ' prefix="rendition: http://www.idpf.org/vocab/rendition/#"' : ''}>
<metadata xmlns:dc="http://purl.org/dc/elements/1.1/" xmlns:opf="http://www.idpf.org/2007/opf">
<dc:identifier id="uid">${esc(input.identifier)}</dc:identifier>
<dc:title>${esc(input.title)}</dc:title>
<dc:language>${esc(input.language)}</dc:language>
${creators}
${input.publisher ? `<dc:publisher>${esc(input.publisher)}</dc:publisher>` : ''}
${input.description ? `<dc:description>${esc(input.description)}</dc:description>` : ''}
${input.date ? `<dc:date>${esc(input.date)}</dc:date>` : ''}
${v3 ? '<meta property="dcterms:modified">2020-01-01T00:00:00Z</meta>' : ''}
${input.cover && !v3 ? '<meta name="cover" content="cover-image"/>' : ''}
${rendition ? `${rendition}\n` : ''}</metadata>
<manifest>
${manifest.join('\n')}
</manifest>
<spine toc="ncx"${input.rtl ? ' page-progression-direction="rtl"' : ''}>
${spine}
</spine>
</package>`;
}

export function writeEpub(input: EpubInput): Uint8Array<ArrayBuffer> {
  const opts = { mtime: FIXED_MTIME };
  const files: Zippable = {
    // The mimetype comes first and is stored uncompressed (OCF 3.3 §4.1.3).
    mimetype: [enc('application/epub+zip'), { level: 0, ...opts }],
    'META-INF/container.xml': enc(`<?xml version="1.0" encoding="UTF-8"?>
<container version="1.0" xmlns="urn:oasis:names:tc:opendocument:xmlns:container">
<rootfiles><rootfile full-path="OEBPS/content.opf" media-type="application/oebps-package+xml"/></rootfiles>
</container>`),
    'OEBPS/content.opf': enc(opfDoc(input)),
    'OEBPS/toc.ncx': enc(ncxDoc(input)),
  };
  if ((input.version ?? 3) === 3) files['OEBPS/nav.xhtml'] = enc(navDoc(input));
  if (input.css) files['OEBPS/css/book.css'] = enc(input.css);
  if (input.cover) files[`OEBPS/${input.cover.path}`] = input.cover.bytes;
  for (const c of input.chapters) files[`OEBPS/${fileOf(c)}`] = enc(c.svg ? c.body : chapterDoc(c, input.language, Boolean(input.css)));
  for (const r of input.resources ?? []) files[`OEBPS/${r.path}`] = typeof r.data === 'string' ? enc(r.data) : r.data;
  for (const [name, data] of Object.entries(input.extraFiles ?? {})) files[name] = typeof data === 'string' ? enc(data) : data;
  return new Uint8Array(zipSync(files, opts)); // an ArrayBuffer-backed copy, usable as a fetch body
}
