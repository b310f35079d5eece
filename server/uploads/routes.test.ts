import { zipSync } from 'fflate';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { attachArchive, attachCover, checkEpub, checkMetadata, getUpload, listUploads, retryUpload, startUpload } from '../../sync/api/publisher-uploads';
import { buildSignedInUser } from '../admin/test-helpers';
import { epub3 } from '../books/epub/test-epubs';
import { loadBook } from '../books/load-book';
import type { AppContext } from '../context';
import { newId } from '../http/ids';
import { answerOf, buildTestContext, errorOf, type TestContext } from '../test/test-context';
import { ONIX_SHORT_NS } from './onix';

let t: TestContext;
let owner: Awaited<ReturnType<typeof buildSignedInUser>>;
let staff: Awaited<ReturnType<typeof buildSignedInUser>>;
let rival: Awaited<ReturnType<typeof buildSignedInUser>>;
let reader: Awaited<ReturnType<typeof buildSignedInUser>>;
let imprintId: string;
let rivalImprintId: string;

const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==', 'base64');
const HEADER = 'isbn,title,authors,language,price,currency,epub_file,cover_file,action';

async function buildImprint(ctx: AppContext, name: string, members: [string, string][]) {
  const id = newId();
  await ctx.db.insertInto('imprints').values({ id, name, ownerId: members[0]![0], createdAt: ctx.now() }).execute();
  for (const [userId, role] of members) await ctx.db.insertInto('imprintMembers').values({ imprintId: id, userId, role }).execute();
  return id;
}

const raw = (path: string, cookie: string | undefined, body: NonNullable<RequestInit['body']>) =>
  t.request(path, { method: 'POST', cookie, body, headers: { 'content-type': 'application/octet-stream' } });

async function sendMetadata(text: string, name = 'books.csv', cookie = owner.cookie, imprint = imprintId) {
  return raw(`/api/publisher/uploads/metadata?imprintId=${imprint}&name=${encodeURIComponent(name)}`, cookie, text);
}

async function checked(text: string, name = 'books.csv') {
  const res = await sendMetadata(text, name);
  expect(res.status, await res.clone().text()).toBe(201);
  return answerOf(res, checkMetadata);
}

async function startAndRun(uploadId: string, json: object = {}) {
  const res = await t.request(`/api/publisher/imprints/${imprintId}/uploads/${uploadId}/start`, { method: 'POST', cookie: owner.cookie, json });
  expect(res.status, await res.clone().text()).toBe(202);
  expect((await answerOf(res, startUpload)).upload.status).toBe('queued');
  await t.worker.drain();
  return answerOf(await t.request(`/api/publisher/imprints/${imprintId}/uploads/${uploadId}`, { cookie: owner.cookie }), getUpload);
}

const bookByIsbn = (isbn: string) => t.ctx.db.selectFrom('books').selectAll().where('isbn', '=', isbn).executeTakeFirst();

beforeAll(async () => {
  t = await buildTestContext();
  owner = await buildSignedInUser(t.ctx, { roles: ['publisher'] });
  staff = await buildSignedInUser(t.ctx, { roles: ['publisher'] });
  rival = await buildSignedInUser(t.ctx, { roles: ['publisher'] });
  reader = await buildSignedInUser(t.ctx);
  imprintId = await buildImprint(t.ctx, 'Lantern House', [
    [owner.user.id, 'owner'],
    [staff.user.id, 'staff'],
  ]);
  rivalImprintId = await buildImprint(t.ctx, 'Rival Press', [[rival.user.id, 'owner']]);
});
afterAll(() => t.close());

describe('who may upload', () => {
  it('401 signed out, 403 for a reader, 404 for another imprint, before reading the file', async () => {
    expect((await sendMetadata(HEADER, 'a.csv', '')).status).toBe(401);
    expect((await sendMetadata(HEADER, 'a.csv', reader.cookie)).status).toBe(403);
    expect((await sendMetadata(HEADER, 'a.csv', rival.cookie)).status).toBe(404);
    expect((await t.request(`/api/publisher/imprints/${imprintId}/uploads`, { cookie: reader.cookie })).status).toBe(403);
    expect((await t.request(`/api/publisher/imprints/${imprintId}/uploads`, { cookie: rival.cookie })).status).toBe(404);
  });

  it('lets staff upload, and keeps one imprint’s uploads from another', async () => {
    const res = await sendMetadata(`${HEADER}\n9780306406157,Staff Book,A. Writer,en,1.00,USD,,,\n`, 'staff.csv', staff.cookie);
    expect(res.status).toBe(201);
    const { upload } = await answerOf(res, checkMetadata);
    expect((await t.request(`/api/publisher/imprints/${rivalImprintId}/uploads/${upload.id}`, { cookie: rival.cookie })).status).toBe(404);
    expect((await raw(`/api/publisher/uploads/archive?uploadId=${upload.id}`, rival.cookie, new Uint8Array(zipSync({})))).status).toBe(404);
    const csv = await t.request(`/api/publisher/imprints/${rivalImprintId}/uploads/${upload.id}/errors.csv`, { cookie: rival.cookie });
    expect(csv.status).toBe(404);
  });
});

describe('bulk CSV', () => {
  it('reports the bad row before importing, imports the rest as drafts, and downloads the error report', async () => {
    await t.ctx.db.insertInto('imprintIsbns').values({ isbn: '9780306406164', imprintId, bookId: null, assignedAt: null, addedAt: t.ctx.now() }).execute();
    const csv = [
      HEADER,
      '9780306406164,First Light,Maren Holt,en,4.99,USD,,,',
      '9780306406171,Bad Price,Maren Holt,en,4.9.9,USD,,,',
      '9780306406188,Second Light,Maren Holt; Ansel Reed,fre,12,EUR,,,new',
    ].join('\r\n');
    const { upload, items } = await checked(csv);
    expect(upload).toMatchObject({ kind: 'bulk', format: 'csv', status: 'checked', counts: { ready: 2, invalid: 1, imported: 0, failed: 0 } });
    expect(items.map((i) => [i.row, i.status, i.problems])).toEqual([
      [2, 'ready', []],
      [3, 'invalid', ['“4.9.9” is not a price: write it like 9.99, without a currency sign.']],
      [4, 'ready', []],
    ]);
    expect(await bookByIsbn('9780306406164')).toBeUndefined();

    const done = await startAndRun(upload.id);
    expect(done.upload).toMatchObject({ status: 'done', counts: { ready: 0, invalid: 1, imported: 2, failed: 0 } });
    const first = (await bookByIsbn('9780306406164'))!;
    expect(first).toMatchObject({ title: 'First Light', status: 'draft', imprintId, priceCents: 499, currency: 'USD', publisherName: 'Lantern House' });
    expect(done.items[0]).toMatchObject({ status: 'imported', bookId: first.id, message: 'Created as a draft without a manuscript yet.' });
    const pooled = await t.ctx.db.selectFrom('imprintIsbns').selectAll().where('isbn', '=', '9780306406164').executeTakeFirstOrThrow();
    expect(pooled.bookId).toBe(first.id);
    expect(await bookByIsbn('9780306406188')).toMatchObject({ language: 'fr', priceCents: 1200, currency: 'EUR' });

    const report = await t.request(`/api/publisher/imprints/${imprintId}/uploads/${upload.id}/errors.csv`, { cookie: owner.cookie });
    expect(report.headers.get('content-disposition')).toBe('attachment; filename="books-errors.csv"');
    expect(await report.text()).toBe(
      'row,reference,isbn,title,status,reasons\r\n3,9780306406171,9780306406171,,not valid,"“4.9.9” is not a price: write it like 9.99, without a currency sign."\r\n',
    );

    const history = await answerOf(await t.request(`/api/publisher/imprints/${imprintId}/uploads`, { cookie: owner.cookie }), listUploads);
    expect(history.uploads[0]).toMatchObject({ id: upload.id, uploader: owner.user.username, counts: { imported: 2, invalid: 1 } });
    // Started once: a second start is refused.
    const again = await t.request(`/api/publisher/imprints/${imprintId}/uploads/${upload.id}/start`, { method: 'POST', cookie: owner.cookie, json: {} });
    expect(again.status).toBe(409);
  });

  it('imports keywords, series and credited contributors, and an update with empty cells keeps them', async () => {
    const head = 'isbn,title,authors,contributors,language,price,currency,keywords,series,series_number,action';
    const first = await checked(
      [head, '9781861972712,Tide Tables,Maren Holt,Ida Brandt (Illustrator),en,3.99,USD,tides; sea; almanac,Harbour Tales,2,new'].join('\r\n'),
    );
    expect(first.items.map((i) => i.problems)).toEqual([[]]);
    await startAndRun(first.upload.id);
    const book = (await bookByIsbn('9781861972712'))!;
    expect(book).toMatchObject({ series: 'Harbour Tales', seriesNumber: 2, keywords: JSON.stringify(['tides', 'sea', 'almanac']) });
    expect((await loadBook(t.ctx, book.id))!.book.metadata.contributors).toEqual([
      { name: 'Maren Holt', role: 'author' },
      { name: 'Ida Brandt', role: 'illustrator' },
    ]);
    const update = await checked([head, '9781861972712,Tide Tables,Maren Holt,,en,4.99,USD,,,,update'].join('\r\n'), 'update.csv');
    await startAndRun(update.upload.id);
    expect(await bookByIsbn('9781861972712')).toMatchObject({
      priceCents: 499,
      series: 'Harbour Tales',
      seriesNumber: 2,
      keywords: JSON.stringify(['tides', 'sea', 'almanac']),
    });
  });

  it('refuses a file it cannot read with the reason next to the field, storing nothing', async () => {
    const before = await t.ctx.db
      .selectFrom('uploads')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow();
    const res = await sendMetadata('isbn,title,colour\n1,2,3\n');
    expect(res.status).toBe(422);
    expect((await errorOf(res)).fields?.metadata).toMatch(/^Unknown column “colour”/);
    expect((await sendMetadata('')).status).toBe(400);
    const after = await t.ctx.db
      .selectFrom('uploads')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow();
    expect(after.n).toBe(before.n);
  });

  it('refuses an ISBN another imprint owns in the report', async () => {
    await t.ctx.db
      .insertInto('imprintIsbns')
      .values({ isbn: '9780306406195', imprintId: rivalImprintId, bookId: null, assignedAt: null, addedAt: t.ctx.now() })
      .execute();
    const { items } = await checked(`${HEADER}\n9780306406195,Theirs,A. Writer,en,1.00,USD,,,\n9780306406201,Not Yet,A. Writer,en,1.00,USD,,,update\n`);
    expect(items.map((i) => i.problems)).toEqual([
      ['The ISBN belongs to another imprint.'],
      ['No book of yours has this ISBN to update: send it as new (action new, NotificationType 03).'],
    ]);
  });

  it('fails a row that became another imprint’s during the import, and imports it on retry', async () => {
    const { upload } = await checked(`${HEADER}\n9780306406218,Raced,A. Writer,en,1.00,USD,,,\n`);
    await t.ctx.db
      .insertInto('imprintIsbns')
      .values({ isbn: '9780306406218', imprintId: rivalImprintId, bookId: null, assignedAt: null, addedAt: t.ctx.now() })
      .execute();
    const done = await startAndRun(upload.id);
    expect(done.items[0]).toMatchObject({ status: 'failed', message: 'The ISBN belongs to another imprint.' });
    await t.ctx.db.deleteFrom('imprintIsbns').where('isbn', '=', '9780306406218').execute();
    const res = await t.request(`/api/publisher/imprints/${imprintId}/uploads/${upload.id}/retry`, { method: 'POST', cookie: owner.cookie });
    expect(res.status).toBe(202);
    expect((await answerOf(res, retryUpload)).items[0]!.status).toBe('ready');
    await t.worker.drain();
    const after = await answerOf(await t.request(`/api/publisher/imprints/${imprintId}/uploads/${upload.id}`, { cookie: owner.cookie }), getUpload);
    expect(after.upload).toMatchObject({ status: 'done', counts: { imported: 1, failed: 0 } });
    expect((await t.request(`/api/publisher/imprints/${imprintId}/uploads/${upload.id}/retry`, { method: 'POST', cookie: owner.cookie })).status).toBe(409);
  });
});

describe('ONIX with a ZIP of EPUBs and covers', () => {
  const onix = (notification: string, title: string, price = '7.50') => `<?xml version="1.0"?>
<ONIXmessage release="3.0" xmlns="${ONIX_SHORT_NS}"><header/><product>
  <a001>lh-0042</a001><a002>${notification}</a002>
  <productidentifier><b221>15</b221><b244>9780306406225</b244></productidentifier>
  <descriptivedetail><b012>ED</b012>
    <titledetail><b202>01</b202><titleelement><x409>01</x409><b203>${title}</b203></titleelement></titledetail>
    <contributor><b035>A01</b035><b036>Maren Holt</b036></contributor>
    <language><b253>01</b253><b252>eng</b252></language>
  </descriptivedetail>
  <productsupply><supplydetail><price><x462>02</x462><j151>${price}</j151><j152>GBP</j152></price></supplydetail></productsupply>
</product></ONIXmessage>`;

  it('imports an EPUB and a cover matched by ISBN, updates with 04 and withdraws with 05', async () => {
    const { upload } = await checked(onix('03', 'The Tide Tables'), 'feed.xml');
    const zip = zipSync({ 'books/9780306406225.epub': epub3(), 'covers/9780306406225.png': new Uint8Array(PNG), 'notes.txt': new TextEncoder().encode('hi') });
    const attached = await raw(`/api/publisher/uploads/archive?uploadId=${upload.id}&name=files.zip`, owner.cookie, new Uint8Array(zip));
    expect(attached.status).toBe(200);
    const withZip = await answerOf(attached, attachArchive);
    expect(withZip.upload.archiveName).toBe('files.zip');
    expect(withZip.items[0]).toMatchObject({ epubEntry: 'books/9780306406225.epub', coverEntry: 'covers/9780306406225.png' });

    const done = await startAndRun(upload.id);
    expect(done.items[0]).toMatchObject({ status: 'imported', message: 'Created as a draft with its EPUB, with its cover.' });
    const book = (await bookByIsbn('9780306406225'))!;
    expect(book).toMatchObject({ title: 'The Tide Tables', priceCents: 750, currency: 'GBP', coverPath: 'images/upload-cover.png' });
    const stored = (await loadBook(t.ctx, book.id))!;
    expect(stored.book.chapters.map((c) => c.title)).toEqual(['Cover', 'Departure', 'The Storm']);

    // 04: the metadata changes, the text stays.
    const update = await checked(onix('04', 'The Tide Tables, Revised', '8.00'), 'update.xml');
    await startAndRun(update.upload.id);
    const updated = (await loadBook(t.ctx, book.id))!;
    expect(updated.book.metadata).toMatchObject({ title: 'The Tide Tables, Revised', priceCents: 800 });
    expect(updated.book.chapters).toHaveLength(3);

    // 05 on a published book takes it off sale.
    await t.ctx.db.updateTable('books').set({ status: 'published' }).where('id', '=', book.id).execute();
    const withdraw = await checked(onix('05', 'The Tide Tables', ''), 'withdraw.xml');
    const gone = await startAndRun(withdraw.upload.id);
    expect(gone.items[0]).toMatchObject({ status: 'imported', message: 'Withdrawn from sale.' });
    expect((await bookByIsbn('9780306406225'))!.status).toBe('unlisted');
  });

  it('refuses a file in the wrong namespace as a whole', async () => {
    const res = await sendMetadata(onix('03', 'X').replace(ONIX_SHORT_NS, 'http://www.editeur.org/onix/2.1/short'), 'old.xml');
    expect(res.status).toBe(422);
    expect((await errorOf(res)).message).toMatch(/^Wrong namespace/);
  });

  it('refuses an archive that is not a ZIP', async () => {
    const { upload } = await checked(`${HEADER}\n9780306406232,Zipless,A. Writer,en,1.00,USD,,,\n`);
    const res = await raw(`/api/publisher/uploads/archive?uploadId=${upload.id}`, owner.cookie, 'not a zip');
    expect(res.status).toBe(422);
    expect((await errorOf(res)).fields?.archive).toBe('This is not a ZIP file: put the EPUBs and covers in one .zip.');
  });

  it('refuses a ZIP declared over the cap before reading it, and an incomplete ZIP with 422', async () => {
    const { upload } = await checked(`${HEADER}\n9780306406256,Capped,A. Writer,en,1.00,USD,,,\n`);
    const declared = await t.request(`/api/publisher/uploads/archive?uploadId=${upload.id}`, {
      method: 'POST',
      cookie: owner.cookie,
      body: 'PK',
      headers: { 'content-type': 'application/zip', 'content-length': String(201 * 1024 * 1024) },
    });
    expect(declared.status).toBe(413);
    const zip = zipSync({ '9780306406256.png': new Uint8Array(PNG) });
    const cut = await raw(`/api/publisher/uploads/archive?uploadId=${upload.id}`, owner.cookie, new Uint8Array(zip.subarray(0, zip.byteLength - 30)));
    expect(cut.status).toBe(422);
    expect((await errorOf(cut)).fields?.archive).toBe('The ZIP cannot be read: is it complete?');
  });

  it('fails only the row whose file in the ZIP is damaged', async () => {
    const { upload } = await checked(`${HEADER}\n9780306406263,Damaged,A. Writer,en,1.00,USD,,,\n9780306406270,Sound,A. Writer,en,1.00,USD,,,\n`);
    const damagedName = '9780306406263.png';
    const zip = zipSync({ [damagedName]: [new Uint8Array(PNG), { level: 0 }], '9780306406270.png': [new Uint8Array(PNG), { level: 0 }] });
    zip[30 + damagedName.length + 20]! ^= 0xff; // a byte of the first entry's stored data: its CRC no longer matches
    const attached = await raw(`/api/publisher/uploads/archive?uploadId=${upload.id}`, owner.cookie, new Uint8Array(zip));
    expect(attached.status).toBe(200);
    const done = await startAndRun(upload.id);
    expect(done.items.map((i) => [i.status, i.message])).toEqual([
      ['failed', expect.stringMatching(/^The file 9780306406263\.png in the ZIP cannot be read: .*damaged/)],
      ['imported', 'Created as a draft without a manuscript yet, with its cover.'],
    ]);
  });
});

describe('single EPUB', () => {
  it('reads the package, takes a cover, and becomes a priced draft of the imprint', async () => {
    const res = await raw(
      `/api/publisher/uploads/epub?imprintId=${imprintId}&name=voyage.epub`,
      owner.cookie,
      epub3({ identifier: 'urn:isbn:9780306406249', title: 'A Single Voyage' }),
    );
    expect(res.status, await res.clone().text()).toBe(201);
    const { upload, items } = await answerOf(res, checkEpub);
    expect(upload).toMatchObject({ kind: 'single', format: 'epub', fileName: 'voyage.epub', hasCover: false });
    expect(items[0]).toMatchObject({ status: 'ready', isbn: '9780306406249', title: 'A Single Voyage', authors: ['Ann Author', 'Ed Editor'], language: 'en' });

    expect((await raw(`/api/publisher/uploads/cover?uploadId=${upload.id}`, owner.cookie, 'GIF89a')).status).toBe(415);
    const cover = await raw(`/api/publisher/uploads/cover?uploadId=${upload.id}`, owner.cookie, new Uint8Array(PNG));
    expect((await answerOf(cover, attachCover)).upload.hasCover).toBe(true);

    const bad = await t.request(`/api/publisher/imprints/${imprintId}/uploads/${upload.id}/start`, {
      method: 'POST',
      cookie: owner.cookie,
      json: { price: '9.999', currency: 'USD' },
    });
    expect(bad.status).toBe(422);
    const done = await startAndRun(upload.id, { price: '3.99', currency: 'USD' });
    expect(done.items[0]!.status).toBe('imported');
    expect(await bookByIsbn('9780306406249')).toMatchObject({ status: 'draft', imprintId, priceCents: 399, coverPath: 'images/upload-cover.png' });
  });

  it('refuses what is not an EPUB with 422, and a cover over the cap with 413', async () => {
    const res = await raw(`/api/publisher/uploads/epub?imprintId=${imprintId}&name=x.epub`, owner.cookie, 'not an epub');
    expect(res.status).toBe(422);
    expect((await errorOf(res)).fields?.epub).toBeTruthy();
    const ok = await answerOf(await raw(`/api/publisher/uploads/epub?imprintId=${imprintId}&name=y.epub`, owner.cookie, epub3()), checkEpub);
    const big = new Uint8Array(10 * 1024 * 1024 + 1);
    expect((await raw(`/api/publisher/uploads/cover?uploadId=${ok.upload.id}`, owner.cookie, big)).status).toBe(413);
  });
});
