import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import {
  discardImprintBookFiles,
  getImprintBook,
  listImprintBooks,
  replaceImprintBookCover,
  replaceImprintBookEpub,
  runImprintBookCommand,
  saveImprintBookMetadata,
  setImprintBookIsbn,
} from '../../sync/api/publisher-books';
import { getEditionChapter, getPublication } from '../../sync/api/publishing';
import { getStoreBook } from '../../sync/api/store';
import { isbn13To10 } from '../../sync/isbn';
import { buildSignedInUser } from '../admin/test-helpers';
import { epub3 } from '../books/epub/test-epubs';
import { loadBook } from '../books/load-book';
import { newId } from '../http/ids';
import { saveStoreBook } from '../store/test-books';
import { answerOf, buildTestContext, errorOf, type TestContext } from '../test/test-context';

const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==', 'base64');

let t: TestContext;
type Signed = Awaited<ReturnType<typeof buildSignedInUser>>;
let owner: Signed, manager: Signed, staff: Signed, rival: Signed, reader: Signed, admin: Signed;
let imprintId: string;
let rivalImprintId: string;

async function buildImprint(name: string, members: [string, string][]) {
  const id = newId();
  await t.ctx.db.insertInto('imprints').values({ id, name, ownerId: members[0]![0], createdAt: t.ctx.now() }).execute();
  for (const [userId, role] of members) await t.ctx.db.insertInto('imprintMembers').values({ imprintId: id, userId, role }).execute();
  return id;
}

async function buildBook(title: string, imprint: string, spec: { isbn?: string; status?: 'draft' | 'published' } = {}) {
  const id = await saveStoreBook(t, { title, isbn: spec.isbn, status: spec.status ?? 'draft', authors: ['Ada Byron'] });
  await t.ctx.db.updateTable('books').set({ imprintId: imprint }).where('id', '=', id).execute();
  return id;
}

const books = (imprint = imprintId) => `/api/publisher/imprints/${imprint}/books`;
const get = (cookie: string | undefined, path: string) => t.request(path, { cookie });
const send = (method: 'PUT' | 'POST', cookie: string | undefined, path: string, json: unknown) => t.request(path, { method, cookie, json });
const raw = (cookie: string | undefined, path: string, body: Uint8Array) =>
  t.request(path, { method: 'POST', cookie, body: body as Uint8Array<ArrayBuffer>, headers: { 'content-type': 'application/octet-stream' } });

const details = {
  title: 'The Lantern Keeper',
  subtitle: 'A novel',
  description: 'A keeper of lanterns, a town without light, and one winter to save it.',
  genres: ['FB'],
  keywords: ['lanterns', 'winter', 'small town'],
  language: 'en',
  priceCents: 799,
  currency: 'EUR',
  ageRating: '12+',
  series: 'Lantern Towns',
  seriesNumber: 2,
  contributors: [
    { name: 'Ada Byron', role: 'A01' },
    { name: 'Edith Grey', role: 'B06' },
    { name: 'Mo Lin', role: 'A12' },
  ],
};

beforeAll(async () => {
  t = await buildTestContext();
  [owner, manager, staff, rival] = await Promise.all([1, 2, 3, 4].map(() => buildSignedInUser(t.ctx, { roles: ['publisher'] })));
  reader = await buildSignedInUser(t.ctx);
  admin = await buildSignedInUser(t.ctx, { roles: ['admin'] });
  imprintId = await buildImprint('Lantern House', [
    [owner.user.id, 'owner'],
    [manager.user.id, 'manager'],
    [staff.user.id, 'staff'],
  ]);
  rivalImprintId = await buildImprint('Rival Press', [[rival.user.id, 'owner']]);
});
afterAll(() => t.close());

describe('who may see and change an imprint’s books', () => {
  it('401 signed out, 403 for a reader, 404 for another imprint’s publisher — for every route', async () => {
    const id = await buildBook('Guarded', imprintId);
    const routes: [string, (cookie: string | undefined) => Response | Promise<Response>][] = [
      ['list', (c) => get(c, books())],
      ['detail', (c) => get(c, `${books()}/${id}`)],
      ['details', (c) => send('PUT', c, `${books()}/${id}/metadata`, details)],
      ['isbn', (c) => send('PUT', c, `${books()}/${id}/isbn`, { isbn: '9780306406157' })],
      ['command', (c) => send('POST', c, `${books()}/${id}/commands`, { action: 'submit' })],
      ['epub', (c) => raw(c, `${books()}/${id}/epub`, epub3())],
      ['cover', (c) => raw(c, `${books()}/${id}/cover`, new Uint8Array(PNG))],
      ['discard files', (c) => t.request(`${books()}/${id}/pending-files`, { method: 'DELETE', cookie: c })],
      ['pending cover', (c) => get(c, `${books()}/${id}/pending-cover`)],
    ];
    for (const [name, call] of routes) {
      expect((await call(undefined)).status, name).toBe(401);
      expect((await call(reader.cookie)).status, name).toBe(403);
      expect((await call(rival.cookie)).status, name).toBe(404);
    }
    // A book of another imprint is not found through one's own imprint either.
    const theirs = await buildBook('Theirs', rivalImprintId);
    expect((await get(owner.cookie, `${books()}/${theirs}`)).status).toBe(404);
    expect((await send('PUT', owner.cookie, `${books()}/${theirs}/metadata`, details)).status).toBe(404);
    expect((await get(owner.cookie, `${books()}/${id}`)).status).toBe(200);
  });

  it('lets staff edit details and files but not the ISBN; the owner and managers set it', async () => {
    const id = await buildBook('Staff copy', imprintId);
    const saved = await answerOf(await send('PUT', staff.cookie, `${books()}/${id}/metadata`, details), saveImprintBookMetadata);
    expect(saved).toMatchObject({ saved: true, mayChangeIsbn: false, freeIsbns: [] });
    expect((await raw(staff.cookie, `${books()}/${id}/cover`, new Uint8Array(PNG))).status).toBe(200);
    const refused = await send('PUT', staff.cookie, `${books()}/${id}/isbn`, { isbn: '9780306406157' });
    expect(refused.status).toBe(403);
    const byManager = await answerOf(await send('PUT', manager.cookie, `${books()}/${id}/isbn`, { isbn: '9780306406157' }), setImprintBookIsbn);
    expect(byManager).toMatchObject({ isbn: '9780306406157', mayChangeIsbn: true });
  });
});

describe('the catalogue', () => {
  it('filters by state, finds by title words or ISBN (ISBN-10 too), pages, and counts every state', async () => {
    const imprint = await buildImprint('Catalogue Press', [[owner.user.id, 'owner']]);
    const draft = await buildBook('Orchard of Salt', imprint, { isbn: '9780306406164' });
    await buildBook('Winter Orchard', imprint, { status: 'published' });
    for (let i = 0; i < 20; i++) await buildBook(`Zz filler ${String(i).padStart(2, '0')}`, imprint);
    const list = async (query: string) => answerOf(await get(owner.cookie, `${books(imprint)}${query}`), listImprintBooks);

    const first = await list('');
    expect(first).toMatchObject({ total: 22, page: 1, pageSize: 20 });
    expect(first.items.map((b) => b.title).slice(0, 2)).toEqual(['Orchard of Salt', 'Winter Orchard']);
    expect(first.counts).toMatchObject({ draft: 21, published: 1, submitted: 0 });
    expect((await list('?page=2')).items).toHaveLength(2);

    expect((await list('?state=published')).items.map((b) => b.title)).toEqual(['Winter Orchard']);
    expect((await list('?q=orchard')).items.map((b) => b.title)).toEqual(['Orchard of Salt', 'Winter Orchard']);
    expect((await list('?q=orchard&state=draft')).items.map((b) => b.id)).toEqual([draft]);
    expect((await list(`?q=${isbn13To10('9780306406164')}`)).items.map((b) => b.id)).toEqual([draft]);
    expect((await list('?q=978-0-306-40616-4')).items.map((b) => b.id)).toEqual([draft]);
    expect((await list('?q=50%25')).items).toEqual([]);
    expect(first.items[0]).toMatchObject({ state: 'draft', listed: false, priceCents: 500, currency: 'USD', authors: ['Ada Byron'] });

    expect((await get(owner.cookie, `${books(imprint)}?state=lost`)).status).toBe(422);
  });
});

describe('editing a book', () => {
  it('reads the book’s own details until saved, and answers 422 per field', async () => {
    const id = await buildBook('Fresh upload', imprintId);
    const before = await answerOf(await get(owner.cookie, `${books()}/${id}`), getImprintBook);
    expect(before).toMatchObject({ saved: false, state: 'draft', actions: ['submit'], filesLocked: null });
    expect(before.metadata).toMatchObject({ title: 'Fresh upload', contributors: [{ name: 'Ada Byron', role: 'A01' }], keywords: [], series: '' });

    const bad = await send('PUT', owner.cookie, `${books()}/${id}/metadata`, {
      ...details,
      keywords: ['a', 'b', 'c', 'd', 'e', 'f', 'g', 'h'],
      seriesNumber: 0,
    });
    expect(bad.status).toBe(422);
    expect((await errorOf(bad)).fields).toMatchObject({ keywords: 'Use at most 7 keywords.', seriesNumber: 'Number the books from 1.' });
    const nobody = await send('PUT', owner.cookie, `${books()}/${id}/metadata`, { ...details, contributors: [] });
    expect((await errorOf(nobody)).fields?.contributors).toBe('Credit at least one contributor (the author: A01).');
    const badRole = await send('PUT', owner.cookie, `${books()}/${id}/metadata`, { ...details, contributors: [{ name: 'Ada', role: 'Z99' }] });
    // Nested problems are keyed by their path: the form shows them on the contributor's row.
    expect((await errorOf(badRole)).fields?.['contributors.0.role']).toBe('Pick each contributor’s role from the list.');

    const saved = await answerOf(await send('PUT', owner.cookie, `${books()}/${id}/metadata`, details), saveImprintBookMetadata);
    expect(saved).toMatchObject({ saved: true, title: 'The Lantern Keeper', priceCents: 799, currency: 'EUR', authors: ['Ada Byron'] });
    expect(saved.metadata).toMatchObject({ series: 'Lantern Towns', seriesNumber: 2, keywords: ['lanterns', 'winter', 'small town'] });
    const audit = await t.ctx.db.selectFrom('auditLog').select(['action', 'actorId']).where('targetId', '=', id).execute();
    expect(audit).toContainEqual({ action: 'imprint.book_details_saved', actorId: owner.user.id });
  });

  it('reads the membership once per request, and an unsaved book’s details without its chapters or files', async () => {
    const id = await buildBook('Counted', imprintId);
    const spy = vi.spyOn(t.ctx.db, 'selectFrom');
    const tablesRead = async (request: () => Response | Promise<Response>) => {
      spy.mockClear();
      expect((await request()).status).toBe(200);
      return spy.mock.calls.map(([from]) => String(from));
    };
    try {
      const detail = await tablesRead(() => get(manager.cookie, `${books()}/${id}`));
      expect(detail.filter((table) => table === 'imprintMembers')).toHaveLength(1);
      // The chapters only counted, never read; no assets (loadBook would read both).
      expect(detail.filter((table) => table === 'bookChapters')).toHaveLength(1);
      expect(detail).not.toContain('bookAssets');
      const isbn = await tablesRead(() => send('PUT', owner.cookie, `${books()}/${id}/isbn`, { isbn: '9781861972743' }));
      expect(isbn.filter((table) => table === 'imprintMembers')).toHaveLength(1);
    } finally {
      spy.mockRestore();
    }
  });

  it('takes an ISBN from the pool or typed: ISBN-10 converted, checksum and uniqueness checked', async () => {
    const id = await buildBook('Numbered', imprintId);
    const isbn = (value: string) => send('PUT', owner.cookie, `${books()}/${id}/isbn`, { isbn: value });
    const bad = await isbn('9780306406158');
    expect(bad.status).toBe(422);
    expect((await errorOf(bad)).fields?.isbn).toBe('The check digit does not match: a digit is mistyped.');
    expect((await isbn('12345')).status).toBe(422);

    await t.ctx.db.insertInto('imprintIsbns').values({ isbn: '9781861972712', imprintId, bookId: null, assignedAt: null, addedAt: t.ctx.now() }).execute();
    await t.ctx.db
      .insertInto('imprintIsbns')
      .values({ isbn: '9780262510875', imprintId: rivalImprintId, bookId: null, assignedAt: null, addedAt: t.ctx.now() })
      .execute();
    expect((await answerOf(await get(owner.cookie, `${books()}/${id}`), getImprintBook)).freeIsbns).toContain('9781861972712');
    const pooled = await answerOf(await isbn('978-1-86197-271-2'), setImprintBookIsbn);
    expect(pooled).toMatchObject({ isbn: '9781861972712', isbn10: '1861972717' });
    expect(pooled.freeIsbns).not.toContain('9781861972712');
    const row = await t.ctx.db.selectFrom('imprintIsbns').select('bookId').where('isbn', '=', '9781861972712').executeTakeFirstOrThrow();
    expect(row.bookId).toBe(id);

    expect((await isbn('9780262510875')).status).toBe(409); // another imprint's
    await buildBook('Holder', rivalImprintId, { isbn: '9780131103627' });
    expect((await errorOf(await isbn('9780131103627'))).fields?.isbn).toMatch(/Another book already has this ISBN/);

    // Typed ISBN-10: stored as its ISBN-13; the pool number it replaces is free again.
    const typed = await answerOf(await isbn('0-19-853453-1'), setImprintBookIsbn);
    expect(typed.isbn).toBe('9780198534532');
    const freed = await t.ctx.db.selectFrom('imprintIsbns').select('bookId').where('isbn', '=', '9781861972712').executeTakeFirstOrThrow();
    expect(freed.bookId).toBeNull();
  });

  it('replaces the cover and the EPUB of a draft; refuses what is not an image', async () => {
    const id = await buildBook('Files', imprintId);
    const before = await loadBook(t.ctx, id);
    const notImage = await raw(owner.cookie, `${books()}/${id}/cover`, new TextEncoder().encode('hello'));
    expect(notImage.status).toBe(415);
    const covered = await answerOf(await raw(owner.cookie, `${books()}/${id}/cover`, new Uint8Array(PNG)), getImprintBook);
    expect(covered.coverUrl).toMatch(new RegExp(`^/api/books/${id}/cover\\?v=`));
    const replaced = await answerOf(await raw(owner.cookie, `${books()}/${id}/epub`, epub3()), getImprintBook);
    const after = await loadBook(t.ctx, id);
    expect(after!.book.chapters.map((c) => c.xhtml)).not.toEqual(before!.book.chapters.map((c) => c.xhtml));
    expect(after!.book.metadata.title).toBe('Files'); // the details stay the book's
    expect(replaced.coverUrl).toBe(covered.coverUrl); // the EPUB had no cover: the one given stays
    expect((await raw(owner.cookie, `${books()}/${id}/epub`, new TextEncoder().encode('not a zip'))).status).toBe(422);
  });
});

describe('submitting to review', () => {
  it('goes through the same state machine as an author’s book, and the store shows the approved details', async () => {
    const id = await buildBook('Review me', imprintId);
    const command = (cookie: string, action: string) => send('POST', cookie, `${books()}/${id}/commands`, { action });
    expect((await errorOf(await command(staff.cookie, 'submit'))).fields).toHaveProperty('metadata');
    await send('PUT', staff.cookie, `${books()}/${id}/metadata`, details);
    expect((await command(staff.cookie, 'approve')).status).toBe(403); // a reviewer's command
    const submitted = await answerOf(await command(staff.cookie, 'submit'), runImprintBookCommand);
    expect(submitted).toMatchObject({ state: 'submitted', actions: [] });
    expect(submitted.pendingEditionId).not.toBeNull();
    expect((await command(staff.cookie, 'submit')).status).toBe(409);
    const list = await answerOf(await get(owner.cookie, `${books()}?state=submitted`), listImprintBooks);
    expect(list.items.map((b) => b.id)).toContain(id);

    // The reviewers see it in their queue and approve it where they approve every book.
    const queue = (await (await get(admin.cookie, '/api/admin/publishing/queue')).json()) as { items: { id: string }[] };
    expect(queue.items.map((i) => i.id)).toContain(id);
    expect((await get(owner.cookie, `/api/publishing/${id}`)).status).toBe(403); // members use the publisher pages
    await t.worker.drain(); // the automatic checks run before anyone may approve
    expect((await send('POST', admin.cookie, `/api/publishing/${id}/commands`, { action: 'approve' })).status).toBe(200);

    const published = await answerOf(await get(owner.cookie, `${books()}/${id}`), getImprintBook);
    expect(published).toMatchObject({ state: 'published', listed: true, actions: ['submit', 'unlist'], filesLocked: null, pendingFiles: null });
    expect(published.events.map((e) => e.action)).toEqual(['submit', 'approve']);
    const store = await answerOf(await t.request(`/api/store/books/${id}`), getStoreBook);
    expect(store).toMatchObject({
      title: 'The Lantern Keeper',
      priceCents: 799,
      series: { name: 'Lantern Towns', number: 2 },
      ageRating: '12+',
      keywords: ['lanterns', 'winter', 'small town'],
      publisher: 'Lantern House',
    });
    expect(store.contributors.map((c) => [c.name, c.role])).toEqual([
      ['Ada Byron', 'author'],
      ['Edith Grey', 'translator'],
      ['Mo Lin', 'illustrator'],
    ]);
    const notices = await t.ctx.db.selectFrom('jobs').select('kind').where('kind', '=', 'publishing.notice').execute();
    expect(notices.length).toBeGreaterThanOrEqual(2);
  });
});

describe('new files for a book in the store (decision 065)', () => {
  /** A book listed through review, its text from an EPUB (chapters Cover, Departure, The Storm). */
  async function listedBook(title: string) {
    const id = await buildBook(title, imprintId);
    expect((await raw(owner.cookie, `${books()}/${id}/epub`, epub3())).status).toBe(200);
    expect((await send('PUT', owner.cookie, `${books()}/${id}/metadata`, { ...details, title })).status).toBe(200);
    expect((await send('POST', owner.cookie, `${books()}/${id}/commands`, { action: 'submit' })).status).toBe(200);
    await t.worker.drain();
    expect((await send('POST', admin.cookie, `/api/publishing/${id}/commands`, { action: 'approve' })).status).toBe(200);
    return id;
  }
  /** The corrected file: Departure's text fixed, the cover page gone, a chapter added. */
  const corrected = () =>
    epub3({
      chapters: [
        { id: 'ch1', title: 'Departure', body: '<h1>Departure</h1><p>We left at dawn, as the corrected text says.</p>' },
        { id: 'ch2', title: 'The Storm', body: '<h1 id="storm">The Storm</h1><p>Il pleut.</p>' },
        { id: 'ch3', title: 'Landfall', body: '<h1>Landfall</h1><p>An island at last.</p>' },
      ],
    });
  /** As DOMAIN.md recommends: the automatic cover check of the update passes it. */
  const newCover = (size = { width: 1600, height: 2560 }) =>
    sharp({ create: { ...size, channels: 3, background: '#1d4ed8' } })
      .png()
      .toBuffer();
  const command = (cookie: string, id: string, action: string, comment?: string) =>
    send('POST', cookie, `${books()}/${id}/commands`, { action, ...(comment ? { comment } : {}) });
  const review = (id: string, action: string, comment?: string) =>
    send('POST', admin.cookie, `/api/publishing/${id}/commands`, { action, ...(comment ? { comment } : {}) });
  const live = async (id: string) => {
    const stored = (await loadBook(t.ctx, id))!;
    return { chapters: stored.book.chapters.map((c) => ({ id: c.id, title: c.title, xhtml: c.xhtml })), coverPath: stored.book.coverPath };
  };
  const storeCover = async (id: string) => (await answerOf(await t.request(`/api/store/books/${id}`), getStoreBook)).coverUrl;
  const draftRows = async (id: string) => (await t.ctx.db.selectFrom('imprintBookDrafts').select('bookId').where('bookId', '=', id).execute()).length;

  it('keeps the live edition on sale while the new files wait, and swaps them in when approved', async () => {
    const id = await listedBook('Corrected Voyage');
    const before = await live(id);
    const coverBefore = await storeCover(id);
    const departure = before.chapters.find((c) => c.title === 'Departure')!;

    // Staff may replace files (books:edit); the EPUB and the cover wait together as one update.
    const withEpub = await answerOf(await raw(staff.cookie, `${books()}/${id}/epub`, corrected()), replaceImprintBookEpub);
    expect(withEpub).toMatchObject({ state: 'published', listed: true, filesLocked: null, actions: ['submit', 'unlist'] });
    expect(withEpub.pendingFiles).toMatchObject({
      epub: { chaptersBefore: 3, chaptersAfter: 3, added: ['Landfall'], removed: ['Cover'], addedCount: 1, removedCount: 1, edited: 2 },
      cover: null,
      coverUrl: null,
      changedBy: staff.user.displayName,
    });
    const cover = await newCover();
    const withCover = await answerOf(await raw(manager.cookie, `${books()}/${id}/cover`, new Uint8Array(cover)), replaceImprintBookCover);
    expect(withCover.pendingFiles).toMatchObject({ epub: { added: ['Landfall'] }, cover: { mediaType: 'image/png' } });
    expect(withCover.coverUrl).toBe(coverBefore); // the listing's cover, not the waiting one
    const preview = await get(staff.cookie, withCover.pendingFiles!.coverUrl!);
    expect(preview.status).toBe(200);
    expect(preview.headers.get('content-type')).toBe('image/png');
    expect(Buffer.from(await preview.arrayBuffer()).equals(cover)).toBe(true);
    expect((await get(rival.cookie, `/api/publisher/imprints/${imprintId}/books/${id}/pending-cover`)).status).toBe(404);

    // Buyers still read the approved edition, through the update's submission and review.
    expect(await live(id)).toEqual(before);
    expect(await storeCover(id)).toBe(coverBefore);
    const submitted = await answerOf(await command(owner.cookie, id, 'submit'), runImprintBookCommand);
    expect(submitted).toMatchObject({ state: 'submitted', listed: true, filesLocked: expect.stringMatching(/with the reviewers/) });
    const locked = await raw(owner.cookie, `${books()}/${id}/cover`, new Uint8Array(cover));
    expect(locked.status).toBe(409);
    expect((await errorOf(locked)).message).toMatch(/once they have decided/);
    expect((await t.request(`${books()}/${id}/pending-files`, { method: 'DELETE', cookie: owner.cookie })).status).toBe(409);

    // The reviewer sees an update (a live edition and a pending one) and reads the new text.
    const queue = (await (await get(admin.cookie, '/api/admin/publishing/queue')).json()) as { items: { id: string }[] };
    expect(queue.items.map((i) => i.id)).toContain(id);
    const publication = await answerOf(await get(admin.cookie, `/api/publishing/${id}`), getPublication);
    expect(publication).toMatchObject({ listed: true, liveEdition: { number: 1 }, pendingEdition: { number: 2 } });
    // The reviewer sees the new cover (the book was listed without one); a reader may not.
    expect(publication.liveEdition!.coverUrl).toBeNull();
    const editionCover = await get(admin.cookie, publication.pendingEdition!.coverUrl!);
    expect(editionCover.status).toBe(200);
    expect(Buffer.from(await editionCover.arrayBuffer()).equals(cover)).toBe(true);
    expect((await get(reader.cookie, publication.pendingEdition!.coverUrl!)).status).toBe(403);
    expect((await get(owner.cookie, publication.pendingEdition!.coverUrl!)).status).toBe(403); // members use the publisher pages
    const read = await answerOf(
      await get(admin.cookie, `/api/publishing/editions/${publication.pendingEdition!.id}/book/chapters/${departure.id}`),
      getEditionChapter,
    );
    expect(read.xhtml).toContain('corrected text');
    expect(await live(id)).toEqual(before);

    await t.worker.drain();
    const checked = await answerOf(await get(admin.cookie, `/api/publishing/${id}`), getPublication);
    expect(checked.checks.find((c) => c.name === 'cover')).toMatchObject({ status: 'passed', message: 'The cover is 1600 × 2560 px, ratio 1 : 1.6.' });
    expect((await review(id, 'approve')).status).toBe(200);
    const after = await live(id);
    expect(after.chapters.map((c) => c.title)).toEqual(['Departure', 'The Storm', 'Landfall']);
    expect(after.coverPath).not.toBe(before.coverPath);
    expect(await storeCover(id)).not.toBe(coverBefore);
    // A reader's place in Departure still points at it: same chapter id, the corrected text.
    expect(after.chapters[0]!.id).toBe(departure.id);
    const chapter = await t.request(`/api/books/${id}/chapters/${departure.id}`);
    expect(chapter.status).toBe(200);
    expect(((await chapter.json()) as { xhtml: string }).xhtml).toContain('corrected text');
    const approved = await answerOf(await get(owner.cookie, `${books()}/${id}`), getImprintBook);
    expect(approved).toMatchObject({ state: 'published', listed: true, pendingFiles: null, filesLocked: null });
    expect(await draftRows(id)).toBe(0);
    const audit = await t.ctx.db.selectFrom('auditLog').select(['action', 'actorId']).where('targetId', '=', id).execute();
    expect(audit).toContainEqual({ action: 'imprint.book_epub_replaced', actorId: staff.user.id });
    expect(audit).toContainEqual({ action: 'imprint.book_cover_replaced', actorId: manager.user.id });
  });

  it('leaves the live book as it was when the update is rejected, and takes no more files', async () => {
    const id = await listedBook('Refused Voyage');
    const before = await live(id);
    expect((await raw(owner.cookie, `${books()}/${id}/epub`, corrected())).status).toBe(200);
    expect((await command(owner.cookie, id, 'submit')).status).toBe(200);
    await t.worker.drain();
    expect((await review(id, 'reject', 'The new file drops the cover page our guidelines require.')).status).toBe(200);

    expect(await live(id)).toEqual(before);
    const detail = await answerOf(await get(owner.cookie, `${books()}/${id}`), getImprintBook);
    expect(detail).toMatchObject({ state: 'rejected', listed: true, pendingFiles: null, filesLocked: 'This book was rejected: its files no longer change.' });
    expect(await draftRows(id)).toBe(0);
    const refused = await raw(owner.cookie, `${books()}/${id}/epub`, corrected());
    expect(refused.status).toBe(409);
    expect((await errorOf(refused)).message).toBe('This book was rejected: its files no longer change.');
  });

  it('checks the new cover, not the one in the store: a cover under the limits blocks approval', async () => {
    const id = await listedBook('Tiny Cover Voyage');
    expect((await raw(owner.cookie, `${books()}/${id}/cover`, new Uint8Array(await newCover({ width: 200, height: 320 })))).status).toBe(200);
    expect((await command(owner.cookie, id, 'submit')).status).toBe(200);
    await t.worker.drain();
    const checked = await answerOf(await get(admin.cookie, `/api/publishing/${id}`), getPublication);
    expect(checked.checks.find((c) => c.name === 'cover')).toMatchObject({ status: 'failed', blocksApproval: true });
    expect((await review(id, 'approve')).status).toBe(409);
  });

  it('keeps the new files when changes are requested; discarding them leaves the live ones to submit', async () => {
    const id = await listedBook('Returned Voyage');
    const before = await live(id);
    expect((await raw(owner.cookie, `${books()}/${id}/epub`, corrected())).status).toBe(200);
    expect((await command(owner.cookie, id, 'submit')).status).toBe(200);
    expect((await review(id, 'request_changes', 'Landfall needs a heading level fix.')).status).toBe(200);

    const returned = await answerOf(await get(staff.cookie, `${books()}/${id}`), getImprintBook);
    expect(returned).toMatchObject({ state: 'changes_requested', filesLocked: null, pendingFiles: { epub: { added: ['Landfall'] } } });
    const discarded = await answerOf(await t.request(`${books()}/${id}/pending-files`, { method: 'DELETE', cookie: staff.cookie }), discardImprintBookFiles);
    expect(discarded.pendingFiles).toBeNull();
    expect((await t.request(`${books()}/${id}/pending-files`, { method: 'DELETE', cookie: staff.cookie })).status).toBe(409);
    expect(await live(id)).toEqual(before);

    // Submitted again without new files, the update is the live text with the saved details.
    const again = await answerOf(await command(owner.cookie, id, 'submit'), runImprintBookCommand);
    const edition = await answerOf(
      await get(admin.cookie, `/api/publishing/editions/${again.pendingEditionId}/book/chapters/${before.chapters[1]!.id}`),
      getEditionChapter,
    );
    expect(edition.xhtml).toBe(before.chapters[1]!.xhtml);
  });
});
