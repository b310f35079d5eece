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
