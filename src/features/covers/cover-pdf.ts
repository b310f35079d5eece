/**
 * The print-ready PDF of a paperback cover: one page at the full cover size including bleed
 * (KDP's upload), the background and the words only — no guides, no crop marks. Everything is
 * vector, so it prints sharp at 300 DPI and beyond. The fonts are embedded (subset to the glyphs
 * used); TrimBox and BleedBox tell prepress software where the cut goes.
 */
import fontkit from '@pdf-lib/fontkit';
import { degrees, PDFDocument, rgb, type PDFFont } from 'pdf-lib';
import { layoutCoverText, type CoverDesign, type FontRole } from './cover-text';
import { BLEED, toPoints } from './kdp-maths';

/** The cover family's files (TrueType, WOFF or WOFF2): bold for the title, regular for the rest. */
export type CoverFontFiles = Record<FontRole, Uint8Array>;

function colour(hex: string) {
  const n = /^#([0-9a-f]{6})$/i.exec(hex) ? Number.parseInt(hex.slice(1), 16) : 0;
  return rgb(((n >> 16) & 255) / 255, ((n >> 8) & 255) / 255, (n & 255) / 255);
}

/** A glyph the font lacks would print as an empty box: refuse instead, naming it. */
function checkGlyphs(font: PDFFont, text: string) {
  const known = new Set(font.getCharacterSet());
  const missing = [...new Set(text)].filter((ch) => !/\s/.test(ch) && !known.has(ch.codePointAt(0)!));
  if (missing.length) throw new Error(`The cover font has no letters for “${missing.join('')}”. Change or remove them before exporting.`);
}

export async function coverPdf(design: CoverDesign, files: CoverFontFiles): Promise<Uint8Array> {
  const doc = await PDFDocument.create();
  doc.registerFontkit(fontkit);
  const fonts: Record<FontRole, PDFFont> = {
    title: await doc.embedFont(files.title, { subset: true }),
    text: await doc.embedFont(files.text, { subset: true }),
  };
  checkGlyphs(fonts.title, design.title);
  checkGlyphs(fonts.text, `${design.author}${design.blurb}`);
  const { layout, runs } = layoutCoverText(design, (text, font, size) => fonts[font].widthOfTextAtSize(text, size) / 72);

  const page = doc.addPage([toPoints(layout.width), toPoints(layout.height)]);
  const pageHeight = toPoints(layout.height);
  page.setBleedBox(0, 0, toPoints(layout.width), pageHeight);
  page.setTrimBox(toPoints(BLEED), toPoints(BLEED), toPoints(layout.trimBox.width), toPoints(layout.trimBox.height));
  page.drawRectangle({ x: 0, y: 0, width: toPoints(layout.width), height: pageHeight, color: colour(design.background) });
  for (const run of runs) {
    const left = run.anchor === 'middle' ? run.x - run.width / 2 : run.x;
    page.drawText(run.text, {
      x: toPoints(left),
      y: pageHeight - toPoints(run.y),
      size: run.sizePt,
      font: fonts[run.font],
      color: colour(design.ink),
      rotate: run.vertical ? degrees(-90) : undefined,
    });
  }

  doc.setTitle(`${design.title || 'Untitled'} — paperback cover`);
  if (design.author) doc.setAuthor(design.author);
  doc.setCreator('Quire paperback cover designer');
  doc.setSubject(`${layout.trim.label}, ${layout.pages} pages, spine ${layout.spineWidth.toFixed(4)} in`);
  return doc.save();
}
