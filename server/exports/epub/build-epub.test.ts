import { strFromU8, unzipSync } from 'fflate';
import { describe, expect, it } from 'vitest';
import { CanonicalBookSchema, type CanonicalBookInput } from '../../../sync/book-format';
import { PNG_1x1 } from '../../files/test-files';
import { buildEpub, epubIdentifier, type ExportBook } from './build-epub';

const SVG = new TextEncoder().encode('<svg xmlns="http://www.w3.org/2000/svg" width="16" height="25"/>');

function exportOf(overrides: Partial<CanonicalBookInput> = {}): ExportBook {
  const book = CanonicalBookSchema.parse({
    metadata: {
      id: 'b1',
      slug: 'tide',
      title: 'The Tide & <Table>',
      subtitle: 'A novel',
      description: '<p>Waves &amp; <em>salt</em>.</p>',
      language: 'en',
      contributors: [
        { name: 'Ada Writer', role: 'author' },
        { name: 'Ed Itor', role: 'editor' },
      ],
      isbn: '9780306406157',
      priceCents: 0,
      currency: 'USD',
      genres: [],
    },
    chapters: [
      {
        id: 'one',
        title: 'One',
        xhtml:
          '<div class="quire-body"><p>See <a href="#two/note" data-chapter-id="two" data-anchor="note">the note</a>, <a href="#two/gone" data-chapter-id="two" data-anchor="gone">a lost anchor</a> and <a href="#elsewhere" data-chapter-id="elsewhere">a lost chapter</a>.</p><ul><li value="1">x</li></ul><img src="/api/books/b1/assets/images/pic.png" alt="A picture"/><img src="https://evil.test/x.png"/><p>&nbsp;</p></div>',
      },
      {
        id: 'two',
        title: 'Two',
        xhtml: '<div class="quire-body" data-epub-type="chapter"><aside id="note" data-epub-type="footnote">A note.</aside><p id="note">dup</p></div>',
      },
    ],
    assets: [
      { path: 'images/pic.png', mediaType: 'image/png' },
      { path: 'images/cover.svg', mediaType: 'image/svg+xml' },
    ],
    coverPath: 'images/cover.svg',
    ...overrides,
  });
  return {
    book,
    assets: new Map([
      ['images/pic.png', PNG_1x1],
      ['images/cover.svg', SVG],
    ]),
    assetOfSrc: (src) => (src.startsWith('/api/books/b1/assets/') ? src.slice('/api/books/b1/assets/'.length) : undefined),
  };
}

const modified = new Date('2026-03-04T05:06:07.890Z');

describe('buildEpub', () => {
  it('starts with the mimetype, stored uncompressed, and names the package in container.xml', () => {
    const bytes = buildEpub(exportOf(), { modified });
    // The first local file header: signature, then compression method 0 (stored) at offset 8, name at 30.
    expect([...bytes.slice(0, 4)]).toEqual([0x50, 0x4b, 0x03, 0x04]);
    expect(bytes[8] | (bytes[9]! << 8)).toBe(0);
    expect(strFromU8(bytes.slice(30, 38))).toBe('mimetype');
    expect(strFromU8(bytes.slice(38, 58))).toBe('application/epub+zip');
    const files = unzipSync(bytes);
    expect(strFromU8(files['META-INF/container.xml']!)).toContain('full-path="OEBPS/content.opf"');
  });

  it('writes the package metadata: identifier, titles, roles, modified, cover-image and accessibility', () => {
    const opf = strFromU8(unzipSync(buildEpub(exportOf(), { modified }))['OEBPS/content.opf']!);
    expect(opf).toContain('<dc:identifier id="uid">urn:isbn:9780306406157</dc:identifier>');
    expect(opf).toContain('<dc:title id="title">The Tide &amp; &lt;Table&gt;</dc:title>');
    expect(opf).toContain('<meta refines="#subtitle" property="title-type">subtitle</meta>');
    expect(opf).toContain('<dc:contributor id="contributor1">Ed Itor</dc:contributor>');
    expect(opf).toContain('scheme="marc:relators">edt</meta>');
    expect(opf).toContain('<meta property="dcterms:modified">2026-03-04T05:06:07Z</meta>');
    expect(opf).toContain('<dc:description>Waves &amp; salt.</dc:description>');
    expect(opf).toMatch(/href="assets\/images\/cover.svg" media-type="image\/svg\+xml" properties="cover-image"/);
    for (const property of ['accessMode', 'accessModeSufficient', 'accessibilityFeature', 'accessibilityHazard', 'accessibilitySummary']) {
      expect(opf).toContain(`<meta property="schema:${property}">`);
    }
    expect(opf.indexOf('<metadata')).toBeLessThan(opf.indexOf('<manifest>'));
    expect(opf.indexOf('<manifest>')).toBeLessThan(opf.indexOf('<spine'));
  });

  it('rewrites links between chapters to files, keeps only anchors that exist, and embeds only known images', () => {
    const files = unzipSync(buildEpub(exportOf(), { modified }));
    const one = strFromU8(files['OEBPS/text/one.xhtml']!);
    expect(one).toContain('<a href="two.xhtml#note">the note</a>');
    expect(one).toContain('<a href="two.xhtml">a lost anchor</a>');
    expect(one).toContain('<a>a lost chapter</a>');
    expect(one).toContain('<img alt="A picture" src="../assets/images/pic.png"/>');
    expect(one).not.toContain('evil.test');
    expect(one).toContain('<li>x</li>'); // `value` belongs to ordered lists only
    expect(one).toContain('<p>\u00a0</p>'); // a character, not the HTML-only &nbsp;
    const two = strFromU8(files['OEBPS/text/two.xhtml']!);
    expect(two).toContain('epub:type="chapter"');
    expect(two).toContain('<aside id="note" epub:type="footnote">');
    expect(two).toContain('<p>dup</p>'); // a repeated id is dropped
  });

  it('lists every chapter in the navigation document, with landmarks', () => {
    const nav = strFromU8(unzipSync(buildEpub(exportOf(), { modified }))['OEBPS/nav.xhtml']!);
    expect(nav).toContain('<nav epub:type="toc"');
    expect(nav).toContain('<a href="text/one.xhtml">One</a>');
    expect(nav).toContain('<a href="text/two.xhtml">Two</a>');
    expect(nav).toContain('epub:type="landmarks"');
  });

  it('marks a right-to-left book in the spine and its documents, and reports progress per chapter', () => {
    const seen: number[] = [];
    const files = unzipSync(buildEpub(exportOf({ direction: 'rtl' }), { modified, onProgress: (done) => seen.push(done) }));
    expect(strFromU8(files['OEBPS/content.opf']!)).toContain('<spine page-progression-direction="rtl">');
    expect(strFromU8(files['OEBPS/text/one.xhtml']!)).toContain('dir="rtl"');
    expect(seen).toEqual([1, 2]);
  });

  it('derives a stable UUID when the book has no ISBN', () => {
    const { book } = exportOf();
    const id = epubIdentifier({ ...book, metadata: { ...book.metadata, isbn: undefined } });
    expect(id).toMatch(/^urn:uuid:[0-9a-f]{8}-[0-9a-f]{4}-5[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    expect(epubIdentifier({ ...book, metadata: { ...book.metadata, isbn: undefined } })).toBe(id);
  });
});
