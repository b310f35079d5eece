/**
 * A price drop tells the readers who wishlisted the book, through the job queue, as their
 * notification settings say — at once, or when a discount starts later.
 */
import { queryPlan } from '../../test/query-plan';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import * as api from '../../../sync/api/admin-store';
import { wishlistEntryId } from '../../../sync/collections/wishlist';
import { buildAdmin, buildSignedInUser } from '../../admin/test-helpers';
import { DAY } from '../../limits';
import { expectMultipart } from '../../mail/test-helpers';
import { savePrefs } from '../../notifications/prefs';
import { pullPage } from '../../sync/store';
import { push } from '../../sync/test-helpers';
import { answerOf, buildTestContext, type TestContext } from '../../test/test-context';
import { saveStoreBook } from '../test-books';
import { wishlistersOf, wishlistersQuery } from './wishlisters';

let t: TestContext;
let admin: Awaited<ReturnType<typeof buildAdmin>>;
beforeEach(async () => {
  t = await buildTestContext();
  admin = await buildAdmin(t.ctx);
});
afterEach(() => t.close());

type Reader = Awaited<ReturnType<typeof buildSignedInUser>>;

async function wish(reader: Reader, bookId: string, deleted = false) {
  const entry = {
    id: wishlistEntryId(reader.user.id, bookId),
    ownerId: reader.user.id,
    bookId,
    title: 'Copied title',
    authors: 'Someone',
    coverUrl: '',
    priceCents: 999,
    currency: 'USD',
    addedAt: 1,
    updatedAt: 1,
  };
  await push(t, reader.cookie, [{ assumedMasterState: null, newDocumentState: { ...entry, _deleted: false } }], 'wishlist');
  if (deleted)
    await push(t, reader.cookie, [{ assumedMasterState: { ...entry, _deleted: false }, newDocumentState: { ...entry, _deleted: true } }], 'wishlist');
}

const notices = async (userId: string) => (await pullPage(t.ctx.db, 'notifications', userId, null, 100)).documents.map((d) => String(d.title));
const mails = async (to: string) =>
  (await t.ctx.db.selectFrom('mailOutbox').select(['subject', 'textBody']).where('toAddress', '=', to).execute()).map((m) => m.subject);
const setPrice = async (id: string, json: api.PriceUpdateInput) =>
  answerOf(await t.request(`/api/admin/store/books/${id}/price`, { method: 'PUT', cookie: admin.cookie, json }), api.setBookPrice);
const noSale = { discountPriceCents: null, discountStartsAt: null, discountEndsAt: null };

describe('price drops on wishlisted books', () => {
  it('tell each reader who wishlisted the book, once, in the app and by e-mail as their settings say; owners and removed wishes hear nothing', async () => {
    const id = await saveStoreBook(t, { title: 'The Night Ferry', priceCents: 999 });
    const other = await saveStoreBook(t, { title: 'Another Book', priceCents: 999 });
    const [inApp, byMail, owner, changedMind, elsewhere] = await Promise.all([1, 2, 3, 4, 5].map(() => buildSignedInUser(t.ctx)));
    await savePrefs(t.ctx.db, byMail!.user.id, { price_drops: { in_app: false, email: true } });
    for (const reader of [inApp!, byMail!, owner!]) await wish(reader, id);
    await wish(changedMind!, id, true);
    await wish(elsewhere!, other);
    await t.ctx.db.insertInto('libraryEntries').values({ userId: owner!.user.id, bookId: id, source: 'purchase', acquiredAt: 1 }).execute();

    const saved = await setPrice(id, { priceCents: 599, ...noSale });
    expect(saved.priceDrop).toBe('now');
    // Nothing is sent inside the request: the job queue does it.
    expect(await notices(inApp!.user.id)).toEqual([]);
    await t.worker.drain();

    expect(await notices(inApp!.user.id)).toEqual(['Price drop: “The Night Ferry” is now $5.99']);
    expect(await mails(inApp!.user.email)).toEqual([]); // e-mail is off by default for price drops
    expect(await notices(byMail!.user.id)).toEqual([]);
    expect(await mails(byMail!.user.email)).toEqual(['Price drop: “The Night Ferry” is now $5.99']);
    const mail = await t.ctx.db.selectFrom('mailOutbox').selectAll().where('toAddress', '=', byMail!.user.email).executeTakeFirst();
    expectMultipart(mail, `http://quire.test/book/${id}`);
    expectMultipart(mail, 'http://quire.test/settings/notifications');
    for (const reader of [owner!, changedMind!, elsewhere!]) {
      expect(await notices(reader.user.id)).toEqual([]);
      expect(await mails(reader.user.email)).toEqual([]);
    }
    const [doc] = (await pullPage(t.ctx.db, 'notifications', inApp!.user.id, null, 10)).documents;
    expect(doc).toMatchObject({ kind: 'price_drops', link: `/book/${id}`, body: '“The Night Ferry”, on your wishlist, costs $5.99 instead of $9.99.' });

    // Running the queue again sends nothing more; a rise sends nothing at all.
    await t.worker.drain();
    expect(await setPrice(id, { priceCents: 799, ...noSale })).toMatchObject({ priceDrop: null });
    await t.worker.drain();
    expect(await notices(inApp!.user.id)).toHaveLength(1);
  });

  it('for a discount that starts later, tell readers when it starts — once, even when the window was saved twice', async () => {
    const id = await saveStoreBook(t, { title: 'Salt and Iron', priceCents: 1199 });
    const reader = await buildSignedInUser(t.ctx);
    await wish(reader, id);
    const now = t.ctx.now();
    const window = { priceCents: 1199, discountPriceCents: 799, discountStartsAt: now + 2 * DAY, discountEndsAt: now + 9 * DAY };
    expect((await setPrice(id, window)).priceDrop).toBe('scheduled');
    expect((await setPrice(id, { ...window, discountStartsAt: now + 3 * DAY })).priceDrop).toBe('scheduled');
    await t.worker.drain();
    expect(await notices(reader.user.id)).toEqual([]);

    t.advance(2 * DAY + 1);
    await t.worker.drain();
    expect(await notices(reader.user.id)).toEqual([]); // the first start was replaced

    t.advance(DAY);
    await t.worker.drain();
    expect(await notices(reader.user.id)).toEqual(['Price drop: “Salt and Iron” is now $7.99']);
    const [doc] = (await pullPage(t.ctx.db, 'notifications', reader.user.id, null, 10)).documents;
    const until = new Intl.DateTimeFormat('en', { dateStyle: 'medium', timeZone: 'UTC' }).format(now + 9 * DAY);
    expect(doc!.body).toBe(`“Salt and Iron”, on your wishlist, costs $7.99 instead of $11.99 until ${until}.`);
  });

  it('stays silent when the price changed again, the discount was removed or the book was unlisted before the job ran', async () => {
    const now = t.ctx.now();
    const [a, b, c] = await Promise.all(['Raised', 'Removed', 'Unlisted'].map((title) => saveStoreBook(t, { title, priceCents: 900 })));
    const reader = await buildSignedInUser(t.ctx);
    for (const id of [a!, b!, c!]) await wish(reader, id);

    await setPrice(a!, { priceCents: 500, ...noSale });
    await setPrice(a!, { priceCents: 900, ...noSale }); // back up before the queue ran
    await setPrice(b!, { priceCents: 900, discountPriceCents: 400, discountStartsAt: now + DAY, discountEndsAt: now + 5 * DAY });
    await setPrice(b!, { priceCents: 900, ...noSale });
    await setPrice(c!, { priceCents: 300, ...noSale });
    await t.request(`/api/admin/store/books/${c}/listing`, { method: 'PUT', cookie: admin.cookie, json: { listed: false } });

    t.advance(2 * DAY);
    await t.worker.drain();
    expect(await notices(reader.user.id)).toEqual([]);
    const jobs = await t.ctx.db.selectFrom('jobs').select(['kind', 'state']).where('kind', 'like', 'store.%').orderBy('id').execute();
    expect(jobs.filter((j) => j.state !== 'done' && j.state !== 'cancelled')).toEqual([]);
  });

  it('finds the wishlisters of a book through the wishlist index', async () => {
    const id = await saveStoreBook(t, { title: 'Indexed' });
    const reader = await buildSignedInUser(t.ctx);
    await wish(reader, id);
    expect(await wishlistersOf(t.ctx.db, id)).toEqual([reader.user.id]);
    const plan = await queryPlan(t.ctx.db, wishlistersQuery(id).compile(t.ctx.db));
    expect(plan.indexes, plan.text).toContain('sync_docs_wishlist_book');
    expect(plan.scans, plan.text).toEqual([]);
  });
});
