/**
 * GET /api/admin/audit names every kind of target (books, manuscripts, lists, reviews, orders,
 * requests, collections, parts of the site), links to its page where one exists, and says what a
 * deleted target was.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { listAudit, type AuditRow } from '../../sync/api/admin';
import { recordAudit } from '../audit/record';
import { newId } from '../http/ids';
import { answerOf, buildTestContext, type TestContext } from '../test/test-context';
import { buildAdmin, buildBetaRequest, buildRoleRequest, buildUser } from './test-helpers';

let t: TestContext;
let admin: Awaited<ReturnType<typeof buildAdmin>>;
const ids = { book: newId(), review: newId(), order: newId(), collection: newId(), manuscript: newId(), list: newId(), privateList: newId() };
let roleRequestId: string;
let betaRequestId: string;

async function insertBook(id: string, title: string) {
  const now = t.ctx.now();
  await t.ctx.db
    .insertInto('books')
    .values({
      id,
      slug: `book-${id}`,
      title,
      subtitle: '',
      description: '',
      language: 'en',
      isbn: null,
      priceCents: 500,
      currency: 'USD',
      pageCount: null,
      publisherName: '',
      imprintId: null,
      genres: '[]',
      status: 'published',
      featured: 0,
      coverPath: null,
      publishedAt: now,
      createdAt: now,
      updatedAt: now,
      issued: null,
    })
    .execute();
}

async function insertDoc(collection: string, doc: Record<string, unknown>) {
  await t.ctx.db
    .insertInto('syncDocs')
    .values({ collection, id: String(doc.id), doc: JSON.stringify(doc), serverUpdatedAt: Date.now() * 1000, deleted: 0 })
    .execute();
}

beforeAll(async () => {
  t = await buildTestContext();
  admin = await buildAdmin(t.ctx, { username: 'keeper' });
  const reviewer = await buildUser(t.ctx, { username: 'rita', displayName: 'Rita Reader' });
  const now = t.ctx.now();
  await insertBook(ids.book, 'The Salt Orchard');
  await t.ctx.db
    .insertInto('reviews')
    .values({
      id: ids.review,
      bookId: ids.book,
      reviewerId: reviewer.id,
      rating: 2,
      text: 'Meh',
      createdAt: now,
      updatedAt: now,
      hidden: 1,
      hiddenBy: admin.user.id,
      hiddenAt: now,
    })
    .execute();
  await t.ctx.db
    .insertInto('orders')
    .values({
      id: ids.order,
      number: 42,
      buyerId: reviewer.id,
      status: 'paid',
      currency: 'USD',
      totalCents: 500,
      provider: 'test',
      providerSessionId: null,
      paymentIntentId: null,
      customerEmail: 'rita@example.test',
      createdAt: now,
      paidAt: now,
      failedAt: null,
      expiredAt: null,
      failureMessage: null,
    })
    .execute();
  await t.ctx.db.insertInto('storeCollections').values({ id: ids.collection, name: 'Summer reads', ord: 1, createdAt: now }).execute();
  roleRequestId = (await buildRoleRequest(t.ctx, reviewer.id, { role: 'publisher' })).id;
  betaRequestId = (await buildBetaRequest(t.ctx, { name: 'Bram Beta' })).id;
  await insertDoc('manuscripts', { id: ids.manuscript, ownerId: reviewer.id, ownerName: 'rita', title: 'Harbour Lights', members: [], memberIds: [] });
  await insertDoc('reading-lists', { id: ids.list, ownerId: reviewer.id, name: 'Sea stories', visibility: 'public', items: [] });
  await insertDoc('reading-lists', { id: ids.privateList, ownerId: reviewer.id, name: 'Secret shelf', visibility: 'private', items: [] });

  const by = { actor: { id: admin.user.id, username: 'keeper' } };
  const entries: [string, string, string, Record<string, unknown>?][] = [
    ['book.unlisted', 'book', ids.book],
    ['review.hidden', 'review', ids.review],
    ['order.refunded', 'order', ids.order],
    ['store.collection_renamed', 'store_collection', ids.collection],
    ['role_request.approved', 'role_request', roleRequestId],
    ['beta_request.approved', 'beta_request', betaRequestId],
    ['manuscript.inspected', 'manuscript', ids.manuscript],
    ['list.inspected', 'list', ids.list],
    ['list.hidden', 'list', ids.privateList],
    ['site.settings_changed', 'site', 'settings'],
    ['store.featured_set', 'store', 'featured'],
    ['store.collection_deleted', 'store_collection', 'gone-collection', { name: 'Winter reads' }],
    ['book.unlisted', 'book', 'gone-book'],
    ['system.self_test', 'system', ''],
  ];
  let at = Date.parse('2025-06-01T00:00:00Z');
  for (const [action, targetType, targetId, detail] of entries) await recordAudit(t.ctx.db, (at += 1000), { ...by, action, targetType, targetId, detail });
});
afterAll(() => t.close());

async function targetsOf(): Promise<Map<string, AuditRow['target']>> {
  const { items } = await answerOf(await t.request('/api/admin/audit?actor=keeper', { cookie: admin.cookie }), listAudit);
  return new Map(items.map((r) => [`${r.targetType}:${r.targetId}`, r.target]));
}

describe('audit log targets', () => {
  it('names each kind of target and links to its page', async () => {
    const targets = await targetsOf();
    const live = (label: string, link: string | null) => ({ label, link, gone: false });
    expect(targets.get(`book:${ids.book}`)).toEqual(live('Book “The Salt Orchard”', '/admin/store/books?q=The%20Salt%20Orchard'));
    expect(targets.get(`review:${ids.review}`)).toEqual(live('Review of “The Salt Orchard” by @rita', '/admin/reviews?filter=hidden'));
    expect(targets.get(`order:${ids.order}`)).toEqual(live('Order Q-000042 (rita@example.test)', `/admin/orders/${ids.order}`));
    expect(targets.get(`store_collection:${ids.collection}`)).toEqual(live('Collection “Summer reads”', '/admin/store'));
    expect(targets.get(`role_request:${roleRequestId}`)).toEqual(live('Publisher application from @rita', '/admin/publisher-requests'));
    expect(targets.get(`beta_request:${betaRequestId}`)).toEqual(live('Beta request from Bram Beta', '/admin/beta-requests'));
    // Private writing and private lists are named, but there is no page an admin could open.
    expect(targets.get(`manuscript:${ids.manuscript}`)).toEqual(live('Manuscript “Harbour Lights”', null));
    expect(targets.get(`list:${ids.list}`)).toEqual(live('List “Sea stories”', `/lists/${ids.list}`));
    expect(targets.get(`list:${ids.privateList}`)).toEqual(live('List “Secret shelf”', null));
    expect(targets.get('site:settings')).toEqual(live('Site settings', '/admin/settings'));
    expect(targets.get('store:featured')).toEqual(live('Store: featured books', '/admin/store'));
    expect(targets.get('system:')).toEqual(live('The system', '/admin/test'));
  });

  it('says what a deleted target was, from the entry when it remembered a name', async () => {
    const targets = await targetsOf();
    expect(targets.get('store_collection:gone-collection')).toEqual({ label: '“Winter reads” (deleted collection)', link: null, gone: true });
    expect(targets.get('book:gone-book')).toEqual({ label: 'A deleted book', link: null, gone: true });
  });
});
