import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { assignIsbn, importIsbns, listIsbnlessBooks, listIsbns, listMyImprints, releaseIsbn } from '../../sync/api/publisher-isbns';
import { expandIsbnBlock } from '../../sync/isbn';
import { buildSignedInUser } from '../admin/test-helpers';
import type { AppContext } from '../context';
import { newId } from '../http/ids';
import { saveStoreBook } from '../store/test-books';
import { answerOf, buildTestContext, errorOf, type TestContext } from '../test/test-context';

let t: TestContext;
let owner: Awaited<ReturnType<typeof buildSignedInUser>>;
let manager: Awaited<ReturnType<typeof buildSignedInUser>>;
let staff: Awaited<ReturnType<typeof buildSignedInUser>>;
let rival: Awaited<ReturnType<typeof buildSignedInUser>>;
let reader: Awaited<ReturnType<typeof buildSignedInUser>>;
let imprintId: string;
let rivalImprintId: string;

async function buildImprint(ctx: AppContext, name: string, members: [string, string][]) {
  const id = newId();
  await ctx.db.insertInto('imprints').values({ id, name, ownerId: members[0]![0], createdAt: ctx.now() }).execute();
  for (const [userId, role] of members) await ctx.db.insertInto('imprintMembers').values({ imprintId: id, userId, role }).execute();
  return id;
}

/** A book of `imprint` (null: none), saved through saveBook like every book. */
async function buildBook(title: string, imprint: string | null, spec: { isbn?: string; status?: 'draft' | 'published' } = {}) {
  const id = await saveStoreBook(t, { title, isbn: spec.isbn, status: spec.status ?? 'draft' });
  await t.ctx.db.updateTable('books').set({ imprintId: imprint }).where('id', '=', id).execute();
  return id;
}

const base = (id = imprintId) => `/api/publisher/imprints/${id}`;
const post = (cookie: string, json: unknown, id = imprintId) => t.request(`${base(id)}/isbns/import`, { method: 'POST', cookie, json });
const list = async (query = '', cookie = owner.cookie) => {
  const res = await t.request(`${base()}/isbns${query}`, { cookie });
  expect(res.status).toBe(200);
  return answerOf(res, listIsbns);
};

beforeAll(async () => {
  t = await buildTestContext();
  owner = await buildSignedInUser(t.ctx, { roles: ['publisher'] });
  manager = await buildSignedInUser(t.ctx, { roles: ['publisher'] });
  staff = await buildSignedInUser(t.ctx, { roles: ['publisher'] });
  rival = await buildSignedInUser(t.ctx, { roles: ['publisher'] });
  reader = await buildSignedInUser(t.ctx);
  imprintId = await buildImprint(t.ctx, 'Lantern House', [
    [owner.user.id, 'owner'],
    [manager.user.id, 'manager'],
    [staff.user.id, 'staff'],
  ]);
  rivalImprintId = await buildImprint(t.ctx, 'Rival Press', [[rival.user.id, 'owner']]);
});
afterAll(() => t.close());

describe('who may see and change a pool', () => {
  it('lists the imprints an account belongs to, with its role', async () => {
    const res = await t.request('/api/publisher/imprints', { cookie: staff.cookie });
    expect((await answerOf(res, listMyImprints)).imprints).toEqual([{ id: imprintId, name: 'Lantern House', role: 'staff' }]);
  });

  it('401 signed out, 403 for a reader, 404 for a publisher of another imprint', async () => {
    expect((await t.request(`${base()}/isbns`)).status).toBe(401);
    expect((await t.request(`${base()}/isbns`, { cookie: reader.cookie })).status).toBe(403);
    expect((await t.request('/api/publisher/imprints', { cookie: reader.cookie })).status).toBe(403);
    for (const path of ['/isbns', '/isbn-books', '/isbns.csv']) {
      const res = await t.request(`${base()}${path}`, { cookie: rival.cookie });
      expect(res.status, path).toBe(404);
    }
    expect((await post(rival.cookie, { kind: 'block', start: '9780306406157', count: 1 })).status).toBe(404);
    expect((await t.request(`${base()}/isbns`, { cookie: rival.cookie })).status).toBe(404);
  });

  it('lets staff read but not import; the owner and managers import', async () => {
    expect((await t.request(`${base()}/isbns`, { cookie: staff.cookie })).status).toBe(200);
    const refused = await post(staff.cookie, { kind: 'list', text: '9780306406157' });
    expect(refused.status).toBe(403);
    expect((await errorOf(refused)).message).toMatch(/owner and managers/);
    const byManager = await post(manager.cookie, { kind: 'list', text: '9780306406157' });
    expect(byManager.status).toBe(200);
    expect((await answerOf(byManager, importIsbns)).imported).toEqual(['9780306406157']);
  });
});

describe('importing', () => {
  it('imports a block: the start and the next numbers with their own check digits', async () => {
    const res = await post(owner.cookie, { kind: 'block', start: '978-1-4028-9462-6', count: 5 });
    expect(res.status).toBe(200);
    const answer = await answerOf(res, importIsbns);
    expect(answer.imported).toEqual(expandIsbnBlock('9781402894626', 5));
    expect(answer.problems).toEqual([]);
    const free = await list('?state=free');
    expect(free.items.map((i) => i.isbn)).toEqual(expect.arrayContaining(answer.imported));
    const first = free.items.find((i) => i.isbn === '9781402894626')!;
    expect(first).toMatchObject({ isbn10: '1402894627', book: null, assignedAt: null });
    expect(first.hyphenated.replace(/-/g, '')).toBe('9781402894626');
  });

  it('reports each bad line of a list with its number and reason, and imports the rest', async () => {
    await post(rival.cookie, { kind: 'list', text: '9780596520687' }, rivalImprintId);
    await buildBook('Somebody Else’s', null, { isbn: '9780140449136', status: 'published' });
    const ours = await buildBook('Our Own Draft', imprintId, { isbn: '9780143105428' });
    const text = [
      '0-8044-2957-X', // 1: ISBN-10 → 9780804429573
      '978-0-306-40615-8', // 2: checksum
      '', // 3: blank, skipped
      '97803064061', // 4: length
      'orchard', // 5: characters
      '9780804429573', // 6: the same as line 1
      '9780306406157', // 7: in the pool already
      '9780596520687', // 8: another imprint's
      '9780140449136', // 9: a book outside the imprint
      '9780143105428', // 10: our own book's: comes in assigned
      '979 8 351882048', // 11: fine
      '4006381333931', // 12: an EAN, not an ISBN
    ].join('\n');
    const res = await post(owner.cookie, { kind: 'list', text });
    expect(res.status).toBe(200);
    const answer = await answerOf(res, importIsbns);
    expect(answer.imported).toEqual(['9780804429573', '9780143105428', '9798351882048']);
    expect(answer.linkedToBooks).toBe(1);
    expect(answer.problems.map((p) => [p.line, p.problem])).toEqual([
      [2, 'checksum'],
      [4, 'length'],
      [5, 'characters'],
      [6, 'duplicate'],
      [7, 'in-pool'],
      [8, 'other-imprint'],
      [9, 'other-book'],
      [12, 'prefix'],
    ]);
    expect(answer.problems.every((p) => p.message.length > 0)).toBe(true);
    const assigned = await list('?state=assigned');
    expect(assigned.items.find((i) => i.isbn === '9780143105428')?.book).toEqual({ id: ours, title: 'Our Own Draft', published: false });
    const nine = (await list()).items.find((i) => i.isbn === '9798351882048')!;
    expect(nine.isbn10).toBeNull();
  });

  it('refuses a bad block start, a count out of range and a block past its prefix, at the field', async () => {
    const bad = await post(owner.cookie, { kind: 'block', start: '9781402894627', count: 2 });
    expect(bad.status).toBe(422);
    expect((await errorOf(bad)).fields?.start).toMatch(/check digit/);
    const tooMany = await post(owner.cookie, { kind: 'block', start: '9781402894626', count: 1001 });
    expect(tooMany.status).toBe(422);
    expect((await errorOf(tooMany)).fields?.count).toMatch(/at most 1,000/);
    const past = await post(owner.cookie, { kind: 'block', start: '9789999999991', count: 2 });
    expect(past.status).toBe(422);
    expect((await errorOf(past)).fields?.count).toMatch(/prefix/);
    const empty = await post(owner.cookie, { kind: 'list', text: '  \n ' });
    expect(empty.status).toBe(422);
    const longList = await post(owner.cookie, { kind: 'list', text: Array.from({ length: 1001 }, () => '9780306406157').join('\n') });
    expect(longList.status).toBe(422);
  });

  it('keeps an ISBN to one imprint across Quire', async () => {
    const res = await post(rival.cookie, { kind: 'block', start: '9781402894626', count: 1 }, rivalImprintId);
    expect((await answerOf(res, importIsbns)).problems).toEqual([expect.objectContaining({ line: 1, problem: 'other-imprint' })]);
  });
});

describe('assigning and releasing', () => {
  it('assigns a free ISBN to a book without one, which then carries it', async () => {
    const draft = await buildBook('The Lamplighter', imprintId);
    const books = await answerOf(await t.request(`${base()}/isbn-books`, { cookie: owner.cookie }), listIsbnlessBooks);
    expect(books.books.map((b) => b.id)).toContain(draft);
    expect(books.books.map((b) => b.title)).not.toContain('Our Own Draft');

    const res = await t.request(`${base()}/isbns/9781402894633/assignment`, { method: 'PUT', cookie: manager.cookie, json: { bookId: draft } });
    expect(res.status).toBe(200);
    expect((await answerOf(res, assignIsbn)).isbn).toMatchObject({ isbn: '9781402894633', book: { id: draft, title: 'The Lamplighter', published: false } });
    expect(await t.ctx.db.selectFrom('books').select('isbn').where('id', '=', draft).executeTakeFirst()).toEqual({ isbn: '9781402894633' });
    const audit = await t.ctx.db.selectFrom('auditLog').select(['action', 'actorId']).where('action', '=', 'imprint.isbn_assigned').execute();
    expect(audit).toEqual([{ action: 'imprint.isbn_assigned', actorId: manager.user.id }]);

    // Not twice, not to a book with an ISBN, not to another imprint's book, not by staff.
    const other = await buildBook('Second Draft', imprintId);
    expect((await t.request(`${base()}/isbns/9781402894633/assignment`, { method: 'PUT', cookie: owner.cookie, json: { bookId: other } })).status).toBe(409);
    const hasOne = await t.ctx.db.selectFrom('books').select('id').where('isbn', '=', '9780143105428').executeTakeFirstOrThrow();
    expect((await t.request(`${base()}/isbns/9781402894640/assignment`, { method: 'PUT', cookie: owner.cookie, json: { bookId: hasOne.id } })).status).toBe(
      409,
    );
    const theirs = await buildBook('Rival Draft', rivalImprintId);
    expect((await t.request(`${base()}/isbns/9781402894640/assignment`, { method: 'PUT', cookie: owner.cookie, json: { bookId: theirs } })).status).toBe(404);
    expect((await t.request(`${base()}/isbns/9781402894640/assignment`, { method: 'PUT', cookie: staff.cookie, json: { bookId: other } })).status).toBe(403);
    expect((await t.request(`${base()}/isbns/9780000000002/assignment`, { method: 'PUT', cookie: owner.cookie, json: { bookId: other } })).status).toBe(404);
    expect((await t.request(`${base()}/isbns/9781402894640/assignment`, { method: 'PUT', cookie: owner.cookie, json: {} })).status).toBe(422);
  });

  it('releases the ISBN of a book never published, and keeps a published edition’s', async () => {
    const draft = await buildBook('Released Draft', imprintId);
    await t.request(`${base()}/isbns/9781402894640/assignment`, { method: 'PUT', cookie: owner.cookie, json: { bookId: draft } });
    const res = await t.request(`${base()}/isbns/9781402894640/assignment`, { method: 'DELETE', cookie: owner.cookie });
    expect(res.status).toBe(200);
    expect((await answerOf(res, releaseIsbn)).isbn).toMatchObject({ book: null, assignedAt: null });
    expect(await t.ctx.db.selectFrom('books').select('isbn').where('id', '=', draft).executeTakeFirst()).toEqual({ isbn: null });

    const published = await buildBook('Out Now', imprintId, { status: 'published' });
    await t.request(`${base()}/isbns/9781402894640/assignment`, { method: 'PUT', cookie: owner.cookie, json: { bookId: published } });
    const kept = await t.request(`${base()}/isbns/9781402894640/assignment`, { method: 'DELETE', cookie: owner.cookie });
    expect(kept.status).toBe(409);
    expect((await errorOf(kept)).message).toMatch(/stays with it/);
  });
});

describe('listing and export', () => {
  it('filters by state and pages, with the whole pool’s counts', async () => {
    const all = await list();
    const free = await list('?state=free');
    const assigned = await list('?state=assigned');
    expect(all.counts).toEqual({ free: free.total, assigned: assigned.total });
    expect(all.total).toBe(free.total + assigned.total);
    expect(assigned.items.every((i) => i.book !== null)).toBe(true);
    expect(free.items.every((i) => i.book === null)).toBe(true);
    const isbns = all.items.map((i) => i.isbn);
    expect(isbns).toEqual([...isbns].sort());

    await post(owner.cookie, { kind: 'block', start: '9781861972712', count: 60 });
    const page2 = await list('?page=2');
    expect(page2.pageSize).toBe(50);
    expect(page2.items.length).toBe(page2.total - 50);
    expect((await t.request(`${base()}/isbns?state=lost`, { cookie: owner.cookie })).status).toBe(422);
  });

  it('exports every ISBN as CSV', async () => {
    const res = await t.request(`${base()}/isbns.csv`, { cookie: staff.cookie });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^text\/csv/);
    expect(res.headers.get('content-disposition')).toMatch(/^attachment; filename="isbns-\d{4}-\d{2}-\d{2}\.csv"$/);
    const lines = (await res.text()).trimEnd().split('\r\n');
    expect(lines[0]).toBe('isbn13,isbn13_hyphenated,isbn10,state,book_id,book_title,assigned_at_utc,added_at_utc');
    expect(lines).toHaveLength(1 + (await list()).counts.free + (await list()).counts.assigned);
    expect(lines.find((l) => l.startsWith('9781402894633,'))).toMatch(/,1402894635,assigned,[^,]+,The Lamplighter,\d{4}-/);
  });
});
