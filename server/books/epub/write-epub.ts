/**
 * A tiny EPUB writer: enough of OCF + package + nav (EPUB 3) or NCX (EPUB 2) to round-trip a
 * book through the importer. The demo seed and the tests build their EPUBs with it; export will
 * grow from it. Deterministic: fixed timestamps, so the same book gives the same bytes.
 */
import { zipSync, type Zippable } from 'fflate';

interface EpubChapterInput {
  id: string;
  title: string;
  /** Body content (XHTML fragment). */
  body: string;
  linear?: boolean;
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
  /** Raw extra entries (tests use them to plant hostile files). */
  extraFiles?: Record<string, Uint8Array | string>;
}

const FIXED_MTIME = new Date('2020-01-01T00:00:00Z');
const enc = (s: string) => new TextEncoder().encode(s);
const esc = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

function chapterDoc(c: EpubChapterInput, lang: string, css: boolean): string {
  return `<?xml version="1.0" encoding="UTF-8"?>
<html xmlns="http://www.w3.org/1999/xhtml" xmlns:epub="http://www.idpf.org/2007/ops" xml:lang="${esc(lang)}">
<head><title>${esc(c.title)}</title>${css ? '<link rel="stylesheet" type="text/css" href="css/book.css"/>' : ''}</head>
<body>
${c.body}
</body>
</html>`;
}

function navDoc(input: EpubInput): string {
  const items = input.chapters.map((c) => `<li><a href="${c.id}.xhtml">${esc(c.title)}</a></li>`).join('\n');
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
    .map((c, i) => `<navPoint id="np${i + 1}" playOrder="${i + 1}"><navLabel><text>${esc(c.title)}</text></navLabel><content src="${c.id}.xhtml"/></navPoint>`)
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
    ...input.chapters.map((c) => `<item id="${c.id}" href="${c.id}.xhtml" media-type="application/xhtml+xml"/>`),
    v3 ? '<item id="nav" href="nav.xhtml" media-type="application/xhtml+xml" properties="nav"/>' : '',
    '<item id="ncx" href="toc.ncx" media-type="application/x-dtbncx+xml"/>',
    input.css ? '<item id="css" href="css/book.css" media-type="text/css"/>' : '',
    input.cover ? `<item id="cover-image" href="${input.cover.path}" media-type="${input.cover.mediaType}"${v3 ? ' properties="cover-image"' : ''}/>` : '',
  ].filter(Boolean);
  const spine = input.chapters.map((c) => `<itemref idref="${c.id}"${c.linear === false ? ' linear="no"' : ''}/>`).join('\n');
  return `<?xml version="1.0" encoding="UTF-8"?>
<package xmlns="http://www.idpf.org/2007/opf" version="${v3 ? '3.0' : '2.0'}" unique-identifier="uid">
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
</metadata>
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
  for (const c of input.chapters) files[`OEBPS/${c.id}.xhtml`] = enc(chapterDoc(c, input.language, Boolean(input.css)));
  for (const [name, data] of Object.entries(input.extraFiles ?? {})) files[name] = typeof data === 'string' ? enc(data) : data;
  return new Uint8Array(zipSync(files, opts)); // an ArrayBuffer-backed copy, usable as a fetch body
}
