/**
 * The print PDF export (decision 068) against a fresh SQLite file: the job typesets the print
 * layout in the system's Chromium and stores a PDF at the asked trim size, with the book's
 * images; a trim size is checked at the request; without Chromium the export fails saying why.
 * The typesetting runs where Chromium is installed (CI installs it; the output says when not).
 */
import { PDFDocument, PDFName, PDFRawStream } from 'pdf-lib';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import * as api from '../../sync/api/exports';
import { chapterUpdateFrom, chapterUpdateFromParagraphs } from '../collab/lexical-doc';
import { publishSampleBook } from '../dev/sample-book';
import { buildUser } from '../sync/test-helpers';
import { answerOf, buildTestContext, errorOf, type TestContext } from '../test/test-context';
import { CHROMIUM_MISSING, chromiumPath } from './print-pdf';
import { manuscriptDoc, storeImage, writeManuscript } from './test-manuscripts';

const POINTS_PER_INCH = 72;
const chromium = chromiumPath();
if (!chromium) console.warn('print-pdf.test: no Chromium on this machine (Debian: apt-get install chromium), so no PDF was typeset here.');

let t: TestContext;
let owner: string;

beforeEach(async () => {
  t = await buildTestContext();
  owner = await buildUser(t.ctx, 'owner', ['author']);
});
afterEach(async () => t.close());

const start = (body: unknown) => t.request('/api/exports', { method: 'POST', json: body, cookie: owner });
const list = async () => answerOf(await t.request('/api/exports', { cookie: owner }), api.listExports);

async function exported(body: unknown): Promise<{ item: api.ExportItem; pdf: PDFDocument; bytes: Uint8Array }> {
  const res = await start(body);
  expect(res.status, await res.clone().text()).toBe(202);
  await t.worker.drain();
  const [item] = (await list()).exports;
  expect(item, item?.error ?? '').toMatchObject({ state: 'done', progress: 1 });
  const download = await t.request(api.exportDownloadUrl(item!.id), { cookie: owner });
  expect(download.headers.get('content-type')).toBe('application/pdf');
  const bytes = new Uint8Array(await download.arrayBuffer());
  return { item: item!, pdf: await PDFDocument.load(bytes, { updateMetadata: false }), bytes };
}

/** The image XObjects drawn anywhere in the PDF. */
const images = (pdf: PDFDocument) =>
  pdf.context.enumerateIndirectObjects().filter(([, o]) => o instanceof PDFRawStream && o.dict.get(PDFName.of('Subtype')) === PDFName.of('Image')).length;

describe.runIf(chromium)('print PDF export', () => {
  it('typesets a manuscript at the chosen trim: its pages that size, title page, contents and chapters, its image inside', async () => {
    const { $getRoot, $createParagraphNode, $createTextNode } = await import('lexical');
    const { $createImageNode } = await import('../../sync/collab/image-node');
    const src = await storeImage(t, 'owner', 'printimageaaaaaaaaaaaaaa');
    const paragraphs = Array.from(
      { length: 40 },
      (_, i) => `Paragraph ${i + 1}: the tide came in over the salt flats and the orchard stood in water to its knees.`,
    );
    await writeManuscript(t, owner, manuscriptDoc('m1', 'owner', 'The Salt Orchard'), [
      { id: 'c1', title: 'Arrival', update: chapterUpdateFromParagraphs(paragraphs) },
      {
        id: 'c2',
        title: 'Maps',
        update: chapterUpdateFrom(() => $getRoot().append($createParagraphNode().append($createTextNode('A map:')), $createImageNode({ src, alt: 'The map' }))),
      },
    ]);

    const { item, pdf } = await exported({ source: 'manuscript', id: 'm1', format: 'pdf', trim: '5x8' });
    expect(item).toMatchObject({ format: 'pdf', trim: '5x8', fileName: 'The-Salt-Orchard-5x8.pdf' });
    const sizes = new Set(pdf.getPages().map((p) => `${Math.round(p.getWidth())}×${Math.round(p.getHeight())}`));
    expect([...sizes]).toEqual([`${5 * POINTS_PER_INCH}×${8 * POINTS_PER_INCH}`]);
    // Title page, contents (each on a recto: a blank verso between), forty paragraphs over pages, the map chapter.
    expect(pdf.getPageCount()).toBeGreaterThanOrEqual(6);
    expect(pdf.getTitle()).toBe('The Salt Orchard');
    expect(images(pdf)).toBeGreaterThanOrEqual(1);
    // The paperback cover's spine follows this count (decision 069).
    const layouts = await t.ctx.db.selectFrom('printLayouts').select(['manuscriptId', 'trimId', 'pages', 'recordedBy']).execute();
    expect(layouts).toEqual([{ manuscriptId: 'm1', trimId: '5x8', pages: pdf.getPageCount(), recordedBy: 'owner' }]);
  });

  it('typesets a book its author wrote at 6 × 9 in when no trim is asked for', async () => {
    const bookId = await publishSampleBook(t.ctx, { id: 'owner', displayName: 'Owner' }, 'A Printed Sample');
    const { item, pdf } = await exported({ source: 'book', id: bookId, format: 'pdf' });
    expect(item.trim).toBe('6x9');
    const first = pdf.getPage(0);
    expect([Math.round(first.getWidth()), Math.round(first.getHeight())]).toEqual([6 * POINTS_PER_INCH, 9 * POINTS_PER_INCH]);
    expect(pdf.getPageCount()).toBeGreaterThanOrEqual(3);
  });
});

describe('print PDF requests', () => {
  beforeEach(async () => {
    await writeManuscript(t, owner, manuscriptDoc('m1', 'owner', 'The Salt Orchard'), [
      { id: 'c1', title: 'Arrival', update: chapterUpdateFromParagraphs(['The orchard ran down to the sea.']) },
    ]);
  });

  it('refuses a trim size that is not listed, or one given for another format, at the field', async () => {
    const unknown = await start({ source: 'manuscript', id: 'm1', format: 'pdf', trim: '3x3' });
    expect(unknown.status).toBe(422);
    expect((await errorOf(unknown)).fields).toEqual({ trim: 'Choose one of the listed trim sizes.' });
    const misplaced = await start({ source: 'manuscript', id: 'm1', format: 'epub', trim: '6x9' });
    expect(misplaced.status).toBe(422);
    expect((await errorOf(misplaced)).fields).toEqual({ trim: 'Only a print PDF has a trim size.' });
  });

  it('says the server has no Chromium, and fails the export with where to print instead', async () => {
    const before = process.env.CHROMIUM_PATH;
    process.env.CHROMIUM_PATH = '/nonexistent/chromium';
    try {
      expect((await list()).printPdf).toBe(false);
      expect((await start({ source: 'manuscript', id: 'm1', format: 'pdf' })).status).toBe(202);
      await t.worker.drain();
      expect((await list()).exports[0]).toMatchObject({ state: 'failed', error: CHROMIUM_MISSING, downloadUrl: null });
    } finally {
      if (before === undefined) delete process.env.CHROMIUM_PATH;
      else process.env.CHROMIUM_PATH = before;
    }
  });
});
