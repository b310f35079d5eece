import { strFromU8, unzipSync } from 'fflate';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CanonicalBookSchema } from '../../sync/book-format';
import { manuscriptForMember } from '../manuscripts/manuscript-book';
import { buildUser } from '../sync/test-helpers';
import { buildTestContext, type TestContext } from '../test/test-context';
import { buildDocx } from './docx';
import type { ExportBook } from './epub/build-epub';
import { manuscriptSource } from './sources';
import { writeEdgeCaseManuscript } from './test-manuscripts';

const PREFIX = '/api/books/b1/assets/';
const modified = new Date('2026-03-04T05:06:07Z');

async function exportOf(): Promise<ExportBook> {
  // 1200 × 600: wider than the page, so it must be scaled down to the text width.
  const wide = new Uint8Array(
    await sharp({ create: { width: 1200, height: 600, channels: 3, background: '#336699' } })
      .png()
      .toBuffer(),
  );
  const book = CanonicalBookSchema.parse({
    metadata: {
      id: 'b1',
      slug: 'tide',
      title: 'The Tide & <Table>',
      subtitle: 'A novel',
      language: 'en-GB',
      contributors: [
        { name: 'Ada Writer', role: 'author' },
        { name: 'Bo Second', role: 'co-author' },
      ],
      priceCents: 0,
      currency: 'USD',
      genres: [],
    },
    chapters: [
      {
        id: 'one',
        title: 'Arrival',
        xhtml: `<div class="quire-body"><h1>Arrival</h1><h2>Part one</h2><h3>A smaller part</h3>
<p>Plain, <b><strong>bold</strong></b>, <em>italic</em>, <u>under</u> and <s>struck</s>. See <a href="https://example.org/salt?a=1&amp;b=2">the map</a> or <a href="#one/x" data-chapter-id="one" data-anchor="x">here</a>.</p>
<blockquote>Salt keeps what the sea gives.</blockquote>
<ol><li value="1">First</li><li value="2">Then<ul><li value="1">Nested</li></ul></li></ol>
<ul><li value="1">Apples</li></ul>
<img src="${PREFIX}images/wide.png" alt="A wide map"/>
<img src="https://elsewhere.test/x.png" alt="not in the book"/>
<hr class="scene-break"/>
<p>שלום עולם, זה פרק בעברית.</p>
<p dir="rtl">Marked right to left.</p></div>`,
      },
      { id: 'two', title: 'Departure', xhtml: '<div class="quire-body"><p>The end.</p></div>' },
    ],
    assets: [{ path: 'images/wide.png', mediaType: 'image/png' }],
  });
  return {
    book,
    assets: new Map([['images/wide.png', wide]]),
    assetOfSrc: (src) => (src.startsWith(PREFIX) ? src.slice(PREFIX.length) : undefined),
  };
}

/** The document's paragraphs as XML strings, in order. */
const paragraphs = (xml: string) => xml.match(/<w:p>.*?<\/w:p>|<w:p [^>]*>.*?<\/w:p>/gs) ?? [];
const textOf = (p: string) => [...p.matchAll(/<w:t[^>]*>([^<]*)<\/w:t>/g)].map((m) => m[1]).join('');
const paragraphWith = (xml: string, text: string) => paragraphs(xml).find((p) => textOf(p).includes(text)) ?? '';

describe('buildDocx', () => {
  let files: Record<string, Uint8Array>;
  let doc: string;
  let progress: number[];

  beforeAll(async () => {
    progress = [];
    const bytes = await buildDocx(await exportOf(), { modified, onProgress: (done) => progress.push(done) });
    expect(strFromU8(bytes.slice(0, 2))).toBe('PK');
    files = unzipSync(bytes);
    doc = strFromU8(files['word/document.xml']!);
  });

  it('opens with a title page, then each chapter as Heading 1 on a new page, its repeated title dropped', () => {
    expect(paragraphWith(doc, 'The Tide &amp; &lt;Table&gt;')).toContain('<w:pStyle w:val="Title"/>');
    expect(paragraphWith(doc, 'A novel')).toContain('<w:pStyle w:val="Subtitle"/>');
    expect(paragraphWith(doc, 'Ada Writer, Bo Second')).toBeTruthy();
    const headings = paragraphs(doc).filter((p) => p.includes('<w:pStyle w:val="Heading1"/>'));
    expect(headings.map(textOf)).toEqual(['Arrival', 'Departure']);
    for (const h of headings) expect(h).toContain('<w:pageBreakBefore/>');
    expect(doc.match(/<w:pageBreakBefore\/>/g)).toHaveLength(2);
    expect(paragraphs(doc).filter((p) => textOf(p) === 'Arrival')).toHaveLength(1);
    expect(progress).toEqual([1, 2]);
  });

  it('moves headings inside a chapter down a level', () => {
    expect(paragraphWith(doc, 'Part one')).toContain('<w:pStyle w:val="Heading3"/>');
    expect(paragraphWith(doc, 'A smaller part')).toContain('<w:pStyle w:val="Heading4"/>');
  });

  it('keeps bold, italic, underline and strike on their runs only', () => {
    const p = paragraphWith(doc, 'Plain, bold');
    const run = (text: string) => p.match(new RegExp(`<w:r>(?:(?!<w:r>).)*?<w:t[^>]*>${text}</w:t></w:r>`, 's'))?.[0] ?? '';
    expect(run('bold')).toContain('<w:b/>');
    expect(run('italic')).toContain('<w:i/>');
    expect(run('under')).toContain('<w:u w:val="single"/>');
    expect(run('struck')).toContain('<w:strike/>');
    expect(run('Plain, ')).not.toMatch(/<w:b\/>|<w:i\/>/);
  });

  it('makes web links hyperlinks and links inside the book plain text', () => {
    const p = paragraphWith(doc, 'See the map');
    expect(p).toMatch(/<w:hyperlink [^>]*r:id="[^"]+"[^>]*>.*the map.*<\/w:hyperlink>/s);
    const rels = strFromU8(files['word/_rels/document.xml.rels']!);
    expect(rels).toContain('Target="https://example.org/salt?a=1&amp;b=2" TargetMode="External"');
    expect(p.match(/<w:hyperlink/g)).toHaveLength(1);
    expect(textOf(p)).toContain('or here.');
  });

  it('gives a quote the Quote style, and lists Word numbering, nested a level down', () => {
    expect(paragraphWith(doc, 'Salt keeps')).toContain('<w:pStyle w:val="Quote"/>');
    const numbering = (text: string) => /<w:numPr><w:ilvl w:val="(\d)"\/><w:numId w:val="(\d+)"\/><\/w:numPr>/.exec(paragraphWith(doc, text))?.slice(1);
    const [firstLevel, firstList] = numbering('First')!;
    expect(firstLevel).toBe('0');
    expect(numbering('Then')).toEqual(['0', firstList]);
    const [nestedLevel, nestedList] = numbering('Nested')!;
    expect(nestedLevel).toBe('1');
    expect(nestedList).not.toBe(firstList);
    expect(numbering('Apples')![0]).toBe('0');
    const numberingXml = strFromU8(files['word/numbering.xml']!);
    expect(numberingXml).toContain('<w:numFmt w:val="decimal"/>');
    expect(numberingXml).toContain('<w:numFmt w:val="bullet"/>');
  });

  it('embeds an image in word/media, scaled to the text width, with its alt text; one not in the book is left out', () => {
    const drawings = doc.match(/<w:drawing>.*?<\/w:drawing>/gs) ?? [];
    expect(drawings).toHaveLength(1);
    expect(drawings[0]).toContain('descr="A wide map"');
    // 601 px wide at 9525 EMU a pixel, the height scaled with it (1200 × 600 → 601 × 301).
    expect(drawings[0]).toContain('<wp:extent cx="5724525" cy="2867025"/>');
    const media = Object.keys(files).filter((f) => /^word\/media\/./.test(f));
    expect(media).toHaveLength(1);
    expect(media[0]).toMatch(/\.png$/);
  });

  it('writes a scene break as a centred "* * *" and right-to-left paragraphs right to left', () => {
    const scene = paragraphWith(doc, '* * *');
    expect(scene).toContain('<w:jc w:val="center"/>');
    expect(paragraphWith(doc, 'שלום עולם')).toContain('<w:bidi/>');
    expect(paragraphWith(doc, 'שלום עולם')).toContain('<w:rtl/>');
    expect(paragraphWith(doc, 'Marked right to left')).toContain('<w:bidi/>');
    expect(paragraphWith(doc, 'The end.')).not.toContain('<w:bidi/>');
  });

  it("names the title, authors, language and dates in the document's properties", () => {
    const core = strFromU8(files['docProps/core.xml']!);
    expect(core).toContain('<dc:title>The Tide &amp; &lt;Table&gt;</dc:title>');
    expect(core).toContain('<dc:creator>Ada Writer, Bo Second</dc:creator>');
    expect(core).toContain('<dc:language>en-GB</dc:language>');
    expect(core).toContain('<dcterms:modified xsi:type="dcterms:W3CDTF">2026-03-04T05:06:07Z</dcterms:modified>');
    expect(strFromU8(files['word/styles.xml']!)).toContain('<w:lang w:val="en-GB"/>');
  });
});

describe('buildDocx from a manuscript', () => {
  let t: TestContext;
  beforeAll(async () => {
    t = await buildTestContext();
  });
  afterAll(async () => t.close());

  it('exports the edge-case manuscript: its image, its right-to-left chapter, an unwritten chapter under its heading', async () => {
    const cookie = await buildUser(t.ctx, 'edgeauthor', ['author']);
    await writeEdgeCaseManuscript(t, cookie, 'edgeauthor', 'edge');
    const manuscript = (await manuscriptForMember(t.ctx, 'edge', 'edgeauthor'))!;
    const files = unzipSync(await buildDocx(await manuscriptSource(t.ctx, manuscript), { modified }));
    const doc = strFromU8(files['word/document.xml']!);
    const headings = paragraphs(doc).filter((p) => p.includes('<w:pStyle w:val="Heading1"/>'));
    expect(headings.map(textOf)).toEqual(['Arrival', 'Chapter 2', 'Chapter 3', 'Fin &amp; &lt;end&gt;']);
    // The same image twice; the one without alt text has an empty description.
    expect(doc.match(/<w:drawing>/g)).toHaveLength(2);
    expect(doc).toContain('descr="A map of the orchard"');
    expect(doc).toContain('descr=""');
    // Each drawing has an id of its own.
    expect([...doc.matchAll(/<wp:docPr id="(\d+)"/g)].map((m) => m[1])).toEqual(['1', '2']);
    expect(Object.keys(files).filter((f) => /^word\/media\/.+\.png$/.test(f))).toHaveLength(2);
    expect(paragraphWith(doc, 'مرحبا بالعالم')).toContain('<w:bidi/>');
    expect(paragraphWith(doc, 'Mixed: English')).not.toContain('<w:bidi/>');
    expect(textOf(paragraphWith(doc, 'Non'))).toContain('Non\u00a0breaking spaces');
  });
});
