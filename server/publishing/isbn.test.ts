/** The ISBN on an author's publishing form (/api/publishing/:id/metadata), against a fresh database per test. */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import * as api from '../../sync/api/publishing';
import { getStoreBook } from '../../sync/api/store';
import { saveStoreBook } from '../store/test-books';
import { buildUser } from '../sync/test-helpers';
import { answerOf, buildTestContext, errorOf, type TestContext } from '../test/test-context';
import { publishManuscript, testMetadata, writeManuscript } from './test-manuscript';

let t: TestContext;
const cookies: Record<string, string> = {};

beforeEach(async () => {
  t = await buildTestContext();
  cookies.owner = await buildUser(t.ctx, 'owner', ['author']);
  cookies.other = await buildUser(t.ctx, 'other', ['author']);
  cookies.admin = await buildUser(t.ctx, 'admin', ['admin']);
  await writeManuscript(t, cookies.owner, 'm1', 'owner');
  await writeManuscript(t, cookies.other, 'm2', 'other');
});
afterEach(async () => t.close());

const save = (who: string, isbn: string, id = 'm1') =>
  t.request(`/api/publishing/${id}/metadata`, { method: 'PUT', json: { ...testMetadata, isbn }, cookie: cookies[who] });
const detail = async (who: string, id = 'm1') => answerOf(await t.request(`/api/publishing/${id}`, { cookie: cookies[who] }), api.getPublication);
const isbnCheck = (d: api.PublicationDetail) => d.checks.find((c) => c.name === 'isbn');
const storeIsbn = async (bookId: string) => (await t.ctx.db.selectFrom('books').select('isbn').where('id', '=', bookId).executeTakeFirstOrThrow()).isbn;

/** An imprint with a pool of free ISBNs, whose active author `authorId` is. */
async function imprintWithPool(authorId: string, isbns: string[]) {
  await t.ctx.db.insertInto('imprints').values({ id: 'imp1', name: 'Harbour Press', ownerId: 'admin', createdAt: 1 }).execute();
  await t.ctx.db
    .insertInto('imprintAuthors')
    .values({ imprintId: 'imp1', userId: authorId, status: 'active', invitedBy: null, invitedAt: 1, joinedAt: 2 })
    .execute();
  await t.ctx.db
    .insertInto('imprintIsbns')
    .values(isbns.map((isbn) => ({ isbn, imprintId: 'imp1', bookId: null, assignedAt: null, addedAt: 1 })))
    .execute();
}

describe('the ISBN on the publishing form', () => {
  it('refuses a bad checksum at the field (422) and stores nothing', async () => {
    const res = await save('owner', '978-0-306-40615-8');
    expect(res.status).toBe(422);
    expect((await errorOf(res)).fields).toEqual({ isbn: 'The check digit does not match: a digit is mistyped.' });
    expect((await detail('owner')).metadata).toBeNull();
  });

  it('stores the author’s own ISBN-10 as its ISBN-13; the ISBN check sees it, and the published book carries it', async () => {
    const res = await save('owner', '0-306-40615-2');
    expect(res.status).toBe(200);
    expect((await answerOf(res, api.getPublication)).metadata?.isbn).toBe('9780306406157');
    expect((await detail('owner')).isbnChoices).toEqual([]); // in no imprint: nothing to choose from

    const published = await publishManuscript(t, cookies.owner!, cookies.admin!, 'm1', { ...testMetadata, isbn: '0-306-40615-2' });
    expect(isbnCheck(published)).toMatchObject({ status: 'passed', message: expect.stringContaining('9780306406157') });
    expect(await storeIsbn(published.bookId!)).toBe('9780306406157');
    // The store page shows it.
    expect((await answerOf(await t.request(`/api/store/books/${published.bookId}`), getStoreBook)).isbn).toBe('9780306406157');

    // A published edition keeps its ISBN: changing or clearing it is refused at the field.
    for (const other of ['9781861972712', '']) {
      const changed = await save('owner', other);
      expect(changed.status).toBe(409);
      expect((await errorOf(changed)).fields).toEqual({ isbn: 'A published edition keeps its ISBN.' });
    }
  });

  it('refuses an ISBN another book carries, and one of an imprint the author is not in', async () => {
    await saveStoreBook(t, { title: 'Someone else’s', isbn: '9780131103627', status: 'published' });
    const carried = await save('owner', '978-0-13-110362-7');
    expect(carried.status).toBe(409);
    expect((await errorOf(carried)).fields).toEqual({ isbn: 'Another book already has this ISBN: one ISBN per edition.' });

    await imprintWithPool('other', ['9781861972712']);
    const pooled = await save('owner', '9781861972712');
    expect(pooled.status).toBe(409);
    expect((await errorOf(pooled)).fields).toEqual({ isbn: 'That ISBN belongs to another imprint.' });
  });

  it('offers the free ISBNs of the author’s imprint, and assigns the one chosen when the book is approved', async () => {
    await imprintWithPool('owner', ['9780306406157', '9781861972712']);
    const offered = (await detail('owner')).isbnChoices;
    expect(offered).toEqual([
      { isbn: '9780306406157', hyphenated: expect.stringMatching(/^978-?0/), imprintName: 'Harbour Press' },
      { isbn: '9781861972712', hyphenated: expect.any(String), imprintName: 'Harbour Press' },
    ]);
    // Another author sees none of it.
    expect((await detail('other', 'm2')).isbnChoices).toEqual([]);

    const published = await publishManuscript(t, cookies.owner!, cookies.admin!, 'm1', { ...testMetadata, isbn: '9781861972712' });
    expect(isbnCheck(published)).toMatchObject({ status: 'passed' });
    expect(await storeIsbn(published.bookId!)).toBe('9781861972712');
    const pool = await t.ctx.db.selectFrom('imprintIsbns').select(['isbn', 'bookId']).orderBy('isbn').execute();
    expect(pool).toEqual([
      { isbn: '9780306406157', bookId: null },
      { isbn: '9781861972712', bookId: published.bookId },
    ]);
    expect((await detail('owner')).isbnChoices.map((c) => c.isbn)).toEqual(['9780306406157']);
    // Now taken, another author cannot have it.
    const taken = await save('other', '9781861972712', 'm2');
    expect(taken.status).toBe(409);
  });
});
