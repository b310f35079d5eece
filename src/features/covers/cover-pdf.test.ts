import fs from 'node:fs';
import { createRequire } from 'node:module';
import { PDFDict, PDFDocument, PDFName, PDFStream } from 'pdf-lib';
import { describe, expect, it } from 'vitest';
import { coverPdf, type CoverFontFiles } from './cover-pdf';
import type { CoverDesign } from './cover-text';

const require = createRequire(import.meta.url);
const fontFile = (weight: number) =>
  new Uint8Array(fs.readFileSync(require.resolve(`@fontsource/libre-baskerville/files/libre-baskerville-latin-${weight}-normal.woff2`)));
const files: CoverFontFiles = { title: fontFile(700), text: fontFile(400) };

const design: CoverDesign = {
  trimId: '6x9',
  paper: 'white',
  pages: 200,
  title: 'The Salt Orchard',
  author: 'Ada Quire',
  blurb: 'A lighthouse keeper’s daughter and the orchard the sea gave back.\nA novel.',
  background: '#1f3a4d',
  ink: '#f6efe3',
};

/** Every font descriptor in the file, with the name of its embedded font program, if any. */
function embeddedFonts(doc: PDFDocument): { name: string; program: string | null }[] {
  const found = [];
  for (const [, object] of doc.context.enumerateIndirectObjects()) {
    if (!(object instanceof PDFDict) || object.get(PDFName.of('Type')) !== PDFName.of('FontDescriptor')) continue;
    const program = ['FontFile', 'FontFile2', 'FontFile3'].find((key) => object.lookup(PDFName.of(key)) instanceof PDFStream) ?? null;
    found.push({ name: String(object.get(PDFName.of('FontName'))), program });
  }
  return found;
}

describe('the print PDF', () => {
  it("is exactly KDP's full cover size including bleed, in points", async () => {
    const doc = await PDFDocument.load(await coverPdf(design, files));
    expect(doc.getPageCount()).toBe(1);
    const page = doc.getPage(0);
    const media = page.getMediaBox();
    expect(media.x).toBe(0);
    expect(media.y).toBe(0);
    expect(media.width).toBeCloseTo(12.7004 * 72, 3); // 914.4288 pt
    expect(media.height).toBeCloseTo(9.25 * 72, 3); // 666 pt
    const trim = page.getTrimBox();
    expect([trim.x, trim.y, trim.width, trim.height].map((n) => Number(n.toFixed(4)))).toEqual([9, 9, 896.4288, 648]);
  });

  it('embeds the title and text fonts', async () => {
    const doc = await PDFDocument.load(await coverPdf(design, files));
    const fonts = embeddedFonts(doc);
    expect(fonts).toHaveLength(2);
    for (const font of fonts) {
      expect(font.name).toMatch(/^\/LibreBaskerville-(Bold|Regular)-/); // pdf-lib tags a subset with a suffix
      expect(font.program).toBe('FontFile2');
    }
  });

  it('re-sizes with the page count', async () => {
    const doc = await PDFDocument.load(await coverPdf({ ...design, pages: 60, paper: 'cream' }, files));
    expect(doc.getPage(0).getMediaBox().width).toBeCloseTo((0.25 + 12 + 60 * 0.0025) * 72, 3);
  });

  it('starts with %PDF and carries the title', async () => {
    const bytes = await coverPdf(design, files);
    expect(new TextDecoder().decode(bytes.slice(0, 5))).toBe('%PDF-');
    expect((await PDFDocument.load(bytes)).getTitle()).toBe('The Salt Orchard — paperback cover');
  });

  it('refuses letters the font lacks rather than printing empty boxes', async () => {
    await expect(coverPdf({ ...design, title: 'Солёный сад' }, files)).rejects.toThrow('The cover font has no letters for');
  });

  it('refuses a page count KDP does not print', async () => {
    await expect(coverPdf({ ...design, pages: 900 }, files)).rejects.toThrow('at most 828 pages');
  });
});
