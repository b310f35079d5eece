/** Small EPUBs for tests, built with the writer: a clean EPUB 3, an EPUB 2, a hostile one. */
import { writeEpub, type EpubInput } from './write-epub';

function buildEpubInput(overrides: Partial<EpubInput> = {}): EpubInput {
  return {
    identifier: 'urn:uuid:5b0c6f9e-0000-4000-8000-000000000001',
    title: 'A Test Voyage',
    language: 'en',
    creators: [{ name: 'Ann Author' }, { name: 'Ed Editor', role: 'edt' }],
    publisher: 'Test Press',
    description: '<p>A short book for tests.</p>',
    date: '2001-02-03',
    chapters: [
      { id: 'cover', title: 'Cover', body: '<p>Cover page</p>', linear: false },
      { id: 'ch1', title: 'Departure', body: '<h1>Departure</h1><p>We left at <a href="ch2.xhtml#storm">the storm</a>.</p>' },
      {
        id: 'ch2',
        title: 'The Storm',
        body: '<h1 id="storm">The Storm</h1><p epub:type="footnote" xml:lang="fr">Il pleut.</p><p><a href="#storm">Back up</a></p>',
      },
    ],
    css: 'body { margin: 0 } p { text-indent: 1em }',
    ...overrides,
  };
}

export const epub3 = (o: Partial<EpubInput> = {}) => writeEpub(buildEpubInput(o));
export const epub2 = (o: Partial<EpubInput> = {}) => writeEpub(buildEpubInput({ version: 2, ...o }));

export function hostileEpub(): Uint8Array<ArrayBuffer> {
  return epub3({
    chapters: [
      {
        id: 'evil',
        title: 'Evil',
        body: `<h1 onclick="steal()">Evil</h1>
<script>alert(1)</script>
<p onmouseover="x()">Hover <a href="javascript:alert(1)">me</a> <a href="JaVaScRiPt:alert(2)">too</a></p>
<img src="http://tracker.example/pixel.gif" onerror="x()"/>
<iframe src="https://evil.example"></iframe><object data="x.swf"></object><embed src="y"/>
<form action="https://evil.example"><input name="q"/></form>
<svg><script>alert(3)</script></svg>
<p style="position:fixed;top:0;background:url(http://x/y)">Styled</p>`,
      },
    ],
    css: '@import url(https://evil.example/x.css); * { color: red } body { background: url(https://evil.example/bg.png); margin: 0 } .banner { position: fixed; top: 0 } html { font-size: 200% }',
  });
}

/** Chapters encrypted with AES (as Adobe ADEPT does), with its rights file. */
export function drmEpub(): Uint8Array<ArrayBuffer> {
  return epub3({
    extraFiles: {
      'META-INF/rights.xml': '<rights xmlns="http://ns.adobe.com/adept"><licenseToken/></rights>',
      'META-INF/encryption.xml': `<?xml version="1.0"?>
<encryption xmlns="urn:oasis:names:tc:opendocument:xmlns:container" xmlns:enc="http://www.w3.org/2001/04/xmlenc#">
  <enc:EncryptedData>
    <enc:EncryptionMethod Algorithm="http://www.w3.org/2001/04/xmlenc#aes128-cbc"/>
    <enc:CipherData><enc:CipherReference URI="OEBPS/ch1.xhtml"/></enc:CipherData>
  </enc:EncryptedData>
</encryption>`,
    },
  });
}

const FXL_COLOURS = ['#8fc1e3', '#f4a261', '#a8d5a2', '#e9c46a', '#cdb4db'];
const BOAT_SVG = `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 200 120"><path d="M10 70 L190 70 L160 110 L40 110 Z" fill="#6d4c41"/><path d="M100 10 L100 68 L150 68 Z" fill="#fefae0" stroke="#333"/></svg>`;

/** One fixed-layout page: a coloured panel, a boat picture and a caption, placed absolutely. */
function fxlPage(n: number): string {
  return `<div class="page" id="page-${n}">
<div class="panel" style="position: absolute; top: 60px; left: 50px; width: 500px; height: 420px"></div>
<img class="boat" src="images/boat.svg" alt="A small boat" style="position: absolute; top: 200px; left: 200px; width: 200px; height: 120px"/>
<p class="caption" style="position: absolute; top: 540px; left: 50px; width: 500px">Page ${n}: the little boat sails on.</p>
</div>`;
}

/**
 * A small pre-paginated picture book: five 600×800 XHTML pages (the cover on the right, alone)
 * and a sixth page that is an SVG document. Page 4 states no size, so it takes the common one.
 */
export function fixedLayoutEpub(o: Partial<EpubInput> = {}): Uint8Array<ArrayBuffer> {
  const viewport = '<meta name="viewport" content="width=600, height=800"/>';
  return epub3({
    identifier: 'urn:uuid:5b0c6f9e-0000-4000-8000-00000000f1f1',
    title: 'The Little Boat',
    description: '<p>A picture book for tests.</p>',
    rendition: { layout: 'pre-paginated', spread: 'auto' },
    chapters: [
      { id: 'p1', title: 'Cover', body: fxlPage(1), head: viewport, properties: 'page-spread-right' },
      ...[2, 3, 4, 5].map((n) => ({ id: `p${n}`, title: `Page ${n}`, body: fxlPage(n), head: n === 4 ? '' : viewport })),
      {
        id: 'p6',
        title: 'The End',
        svg: true,
        body: `<?xml version="1.0" encoding="UTF-8"?>
<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 600 800" width="100%" height="100%"><title>The end</title>
<rect width="600" height="800" fill="#cdb4db"/><text x="300" y="400" font-size="60" text-anchor="middle">The end</text></svg>`,
      },
    ],
    css: `body { margin: 0; width: 600px; height: 800px; position: relative; font-family: sans-serif }
.panel { background: ${FXL_COLOURS[0]}; border: 4px solid #1d3557; border-radius: 12px }
${FXL_COLOURS.slice(1)
  .map((c, i) => `#page-${i + 2} .panel { background: ${c} }`)
  .join('\n')}
.caption { margin: 0; font-size: 30px; color: #1d3557; text-align: center }`,
    resources: [{ path: 'images/boat.svg', mediaType: 'image/svg+xml', data: BOAT_SVG }],
    ...o,
  });
}

/**
 * A very long publication (decision 053): `count` short chapters, "Chapter 1" to "Chapter
 * {count}", each saying its own number, with a flat contents list of them all.
 */
export function longEpub(count: number, o: Partial<EpubInput> = {}): Uint8Array<ArrayBuffer> {
  return epub3({
    identifier: `urn:uuid:5b0c6f9e-0000-4000-8000-${String(count).padStart(12, '0')}`,
    title: `The Long Almanac of ${count.toLocaleString('en')} Days`,
    description: '<p>A very long book for tests.</p>',
    chapters: Array.from({ length: count }, (_, i) => ({
      id: `d${i + 1}`,
      title: `Chapter ${i + 1}`,
      body: `<h1>Chapter ${i + 1}</h1><p>This is day ${i + 1} of the almanac. The weather held, the ledger was kept, and the lamp was lit at dusk.</p>`,
    })),
    ...o,
  });
}
