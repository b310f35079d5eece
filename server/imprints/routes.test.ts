/**
 * The imprint and its people against a real SQLite file: settings, payout (masked, owner only),
 * members with the role rules and the last-owner rule, author invitations answered by the
 * invitee, the dashboard's numbers, and the storefront from editing to the public page and the
 * book page's link.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { acceptImprintInvitation, listImprintInvitations } from '../../sync/api/imprint-invitations';
import { getPublicStorefront, getStorefrontSettings, saveStorefront } from '../../sync/api/publisher-storefront';
import { getImprintSettings, getPublisherDashboard, listImprintAuthors, savePayout } from '../../sync/api/publisher-team';
import { getStoreBook } from '../../sync/api/store';
import { buildSignedInUser } from '../admin/test-helpers';
import { PNG_1x1 } from '../files/test-files';
import { newId } from '../http/ids';
import { saveStoreBook } from '../store/test-books';
import { pullPage } from '../sync/store';
import { answerOf, buildTestContext, errorOf, type TestContext } from '../test/test-context';

type Person = Awaited<ReturnType<typeof buildSignedInUser>>;
let t: TestContext;
let owner: Person, manager: Person, staff: Person, outsider: Person, reader: Person, joiner: Person, author: Person;
let imprintId: string;

const base = (path = '') => `/api/publisher/imprints/${imprintId}${path}`;
const send = (cookie: string, method: string, path: string, json?: unknown) => t.request(base(path), { method, cookie, json });
const IBAN = 'DE89 3704 0044 0532 0130 00';

async function notices(userId: string) {
  await t.worker.drain();
  const { documents } = await pullPage(t.ctx.db, 'notifications', userId, null, 100);
  return documents.map((d) => ({ title: d.title, link: d.link }));
}

beforeAll(async () => {
  t = await buildTestContext();
  owner = await buildSignedInUser(t.ctx, { roles: ['publisher', 'author'] });
  manager = await buildSignedInUser(t.ctx, { roles: ['publisher'] });
  staff = await buildSignedInUser(t.ctx, { roles: ['publisher'] });
  outsider = await buildSignedInUser(t.ctx, { roles: ['publisher'] });
  joiner = await buildSignedInUser(t.ctx, { roles: ['publisher'] });
  reader = await buildSignedInUser(t.ctx);
  author = await buildSignedInUser(t.ctx, { roles: ['author'] });
  imprintId = newId();
  await t.ctx.db.insertInto('imprints').values({ id: imprintId, name: 'Lantern House', ownerId: owner.user.id, createdAt: t.ctx.now() }).execute();
  for (const [who, role] of [
    [owner, 'owner'],
    [manager, 'manager'],
    [staff, 'staff'],
  ] as const) {
    await t.ctx.db.insertInto('imprintMembers').values({ imprintId, userId: who.user.id, role }).execute();
  }
});
afterAll(() => t.close());

describe('who may see the settings', () => {
  it('401 signed out, 403 for a reader, 404 for a publisher outside the imprint; members read', async () => {
    expect((await t.request(base('/settings'))).status).toBe(401);
    expect((await t.request(base('/settings'), { cookie: reader.cookie })).status).toBe(403);
    for (const path of ['/settings', '/authors', '/dashboard', '/storefront'])
      expect((await t.request(base(path), { cookie: outsider.cookie })).status, path).toBe(404);
    const settings = await answerOf(await t.request(base('/settings'), { cookie: staff.cookie }), getImprintSettings);
    expect(settings.myRole).toBe('staff');
    expect(settings.members.map((m) => m.role)).toEqual(['owner', 'manager', 'staff']);
  });
});

describe('details', () => {
  const details = {
    name: 'Lantern House',
    description: 'Small books, well made.',
    website: 'https://lantern.example',
    contactEmail: 'books@lantern.example',
    defaultCurrency: 'EUR',
  };

  it('managers save them, audited; staff are refused', async () => {
    expect((await send(staff.cookie, 'PATCH', '/settings', details)).status).toBe(403);
    const res = await send(manager.cookie, 'PATCH', '/settings', details);
    expect(res.status).toBe(200);
    expect((await answerOf(res, getImprintSettings)).imprint).toMatchObject({ description: 'Small books, well made.', defaultCurrency: 'EUR' });
    const audit = await t.ctx.db
      .selectFrom('auditLog')
      .select(['action', 'detail'])
      .where('targetId', '=', imprintId)
      .where('action', '=', 'imprint.details_changed')
      .executeTakeFirstOrThrow();
    expect(JSON.parse(audit.detail)).toMatchObject({ defaultCurrency: 'EUR' });
  });

  it('422 with a message at each bad field', async () => {
    const res = await send(owner.cookie, 'PATCH', '/settings', { ...details, name: ' ', website: 'lantern', contactEmail: 'nope', defaultCurrency: 'XXX' });
    expect(res.status).toBe(422);
    expect(Object.keys((await errorOf(res)).fields ?? {}).sort()).toEqual(['contactEmail', 'defaultCurrency', 'name', 'website']);
  });
});

describe('payout', () => {
  it('only the owner saves it; it comes back masked, never whole', async () => {
    for (const who of [manager, staff])
      expect((await send(who.cookie, 'PUT', '/payout', { kind: 'iban', holder: 'Lantern House Ltd', iban: IBAN })).status).toBe(403);
    const res = await send(owner.cookie, 'PUT', '/payout', { kind: 'iban', holder: 'Lantern House Ltd', iban: IBAN });
    expect(res.status).toBe(200);
    const text = await res.clone().text();
    expect(text).not.toContain('370400440532013000');
    expect((await answerOf(res, savePayout)).payout).toMatchObject({ kind: 'iban', last4: '3000', holder: 'Lantern House Ltd' });
    const read = await t.request(base('/settings'), { cookie: staff.cookie });
    const body = await read.clone().text();
    expect(body).not.toContain('DE89370400440532013000');
    expect((await answerOf(read, getImprintSettings)).payout?.last4).toBe('3000');
    const audit = await t.ctx.db.selectFrom('auditLog').select('detail').where('action', '=', 'imprint.payout_changed').executeTakeFirstOrThrow();
    expect(audit.detail).not.toContain('0532013000');
  });

  it('refuses a mistyped IBAN and a bad account number at their fields', async () => {
    const iban = await send(owner.cookie, 'PUT', '/payout', { kind: 'iban', holder: 'Lantern House Ltd', iban: 'DE89 3704 0044 0532 0130 01' });
    expect(iban.status).toBe(422);
    expect((await errorOf(iban)).fields?.iban).toMatch(/check digits/);
    const account = await send(owner.cookie, 'PUT', '/payout', { kind: 'account', holder: 'L', accountNumber: '12ab', bankCode: '1' });
    expect(Object.keys((await errorOf(account)).fields ?? {}).sort()).toEqual(['accountNumber', 'bankCode', 'holder']);
  });
});

describe('members', () => {
  it('a manager adds staff by e-mail, not a manager; a non-publisher account is refused', async () => {
    expect((await send(manager.cookie, 'POST', '/members', { who: joiner.user.username, role: 'manager' })).status).toBe(403);
    const added = await send(manager.cookie, 'POST', '/members', { who: joiner.user.email.toUpperCase(), role: 'staff' });
    expect(added.status).toBe(201);
    expect((await notices(joiner.user.id)).map((n) => n.title)).toContain('You joined Lantern House');
    const again = await send(owner.cookie, 'POST', '/members', { who: `@${joiner.user.username}`, role: 'staff' });
    expect(again.status).toBe(409);
    const notPublisher = await send(owner.cookie, 'POST', '/members', { who: reader.user.username, role: 'staff' });
    expect(notPublisher.status).toBe(422);
    expect((await errorOf(notPublisher)).fields?.who).toMatch(/not a publisher account/);
    expect((await send(owner.cookie, 'POST', '/members', { who: 'nobody-here', role: 'staff' })).status).toBe(422);
    expect((await send(staff.cookie, 'POST', '/members', { who: outsider.user.username, role: 'staff' })).status).toBe(403);
  });

  it('a manager cannot touch owners or managers; the owner can', async () => {
    expect((await send(manager.cookie, 'PATCH', `/members/${owner.user.id}`, { role: 'staff' })).status).toBe(403);
    expect((await send(manager.cookie, 'PATCH', `/members/${joiner.user.id}`, { role: 'manager' })).status).toBe(403);
    expect((await send(owner.cookie, 'PATCH', `/members/${joiner.user.id}`, { role: 'manager' })).status).toBe(200);
    expect((await send(manager.cookie, 'DELETE', `/members/${joiner.user.id}`)).status).toBe(403);
    expect((await send(owner.cookie, 'DELETE', `/members/${joiner.user.id}`)).status).toBe(200);
    expect((await send(owner.cookie, 'DELETE', `/members/${outsider.user.id}`)).status).toBe(404);
  });

  it('the last owner cannot be demoted or removed (409); with a second owner they can step down', async () => {
    const demote = await send(owner.cookie, 'PATCH', `/members/${owner.user.id}`, { role: 'manager' });
    expect(demote.status).toBe(409);
    expect((await errorOf(demote)).message).toMatch(/at least one owner/);
    expect((await send(owner.cookie, 'DELETE', `/members/${owner.user.id}`)).status).toBe(409);
    expect((await send(owner.cookie, 'PATCH', `/members/${manager.user.id}`, { role: 'owner' })).status).toBe(200);
    expect((await send(owner.cookie, 'PATCH', `/members/${owner.user.id}`, { role: 'manager' })).status).toBe(200);
    // Back as it was, for the tests after.
    expect((await send(manager.cookie, 'PATCH', `/members/${owner.user.id}`, { role: 'owner' })).status).toBe(200);
    expect((await send(owner.cookie, 'PATCH', `/members/${manager.user.id}`, { role: 'manager' })).status).toBe(200);
    const actions = await t.ctx.db
      .selectFrom('auditLog')
      .select('action')
      .where('targetId', '=', imprintId)
      .where('action', 'like', 'imprint.member%')
      .execute();
    expect(actions.length).toBeGreaterThanOrEqual(6);
  });
});

describe('authors', () => {
  it('invited by username, they accept from their invitations; staff may only look', async () => {
    expect((await send(staff.cookie, 'POST', '/authors', { username: author.user.username })).status).toBe(403);
    const invited = await send(manager.cookie, 'POST', '/authors', { username: `@${author.user.username}` });
    expect(invited.status).toBe(201);
    expect((await answerOf(invited, listImprintAuthors)).authors).toMatchObject([{ userId: author.user.id, status: 'invited' }]);
    expect((await send(owner.cookie, 'POST', '/authors', { username: author.user.username })).status).toBe(409);
    expect((await send(owner.cookie, 'POST', '/authors', { username: 'no-such-person' })).status).toBe(422);
    expect(await notices(author.user.id)).toContainEqual({ title: 'Lantern House invites you to publish with them', link: '/imprint-invitations' });

    const mine = await answerOf(await t.request('/api/imprint-invitations', { cookie: author.cookie }), listImprintInvitations);
    expect(mine.invitations).toMatchObject([{ imprintId, imprintName: 'Lantern House' }]);
    // Nobody else can answer it.
    expect((await t.request(`/api/imprint-invitations/${imprintId}/accept`, { method: 'POST', cookie: reader.cookie })).status).toBe(404);
    const accepted = await t.request(`/api/imprint-invitations/${imprintId}/accept`, { method: 'POST', cookie: author.cookie });
    expect((await answerOf(accepted, acceptImprintInvitation)).imprintName).toBe('Lantern House');
    expect((await t.request(`/api/imprint-invitations/${imprintId}/accept`, { method: 'POST', cookie: author.cookie })).status).toBe(404);
    expect((await notices(manager.user.id)).map((n) => n.title)).toContain(`@${author.user.username} accepted Lantern House's invitation`);

    const list = await answerOf(await t.request(base('/authors'), { cookie: staff.cookie }), listImprintAuthors);
    expect(list.authors).toMatchObject([{ userId: author.user.id, status: 'active' }]);
  });

  it('a declined invitation is gone, and the imprint may invite again; removing takes an author off', async () => {
    expect((await send(owner.cookie, 'POST', '/authors', { username: reader.user.username })).status).toBe(201);
    expect((await t.request(`/api/imprint-invitations/${imprintId}/decline`, { method: 'POST', cookie: reader.cookie })).status).toBe(204);
    expect((await send(owner.cookie, 'POST', '/authors', { username: reader.user.username })).status).toBe(201);
    expect((await send(owner.cookie, 'DELETE', `/authors/${reader.user.id}`)).status).toBe(200);
    expect((await send(staff.cookie, 'DELETE', `/authors/${author.user.id}`)).status).toBe(403);
    expect((await send(owner.cookie, 'DELETE', `/authors/${outsider.user.id}`)).status).toBe(404);
  });
});

describe('dashboard and storefront', () => {
  let published: string;
  let other: string;

  beforeAll(async () => {
    published = await saveStoreBook(t, { title: 'Lamplight', status: 'published', priceCents: 1000, authorUserId: author.user.id });
    other = await saveStoreBook(t, { title: 'Second Lamp', status: 'published' });
    const draft = await saveStoreBook(t, { title: 'Unfinished', status: 'draft' });
    await t.ctx.db.updateTable('books').set({ imprintId }).where('id', 'in', [published, other, draft]).execute();
    // One paid order of two copies, one of them refunded.
    const now = t.ctx.now();
    const orderId = newId();
    await t.ctx.db
      .insertInto('orders')
      .values({
        id: orderId,
        number: 1,
        buyerId: reader.user.id,
        status: 'partially_refunded',
        currency: 'EUR',
        totalCents: 2000,
        provider: 'test',
        providerSessionId: null,
        paymentIntentId: null,
        customerEmail: reader.user.email,
        createdAt: now,
        paidAt: now,
        failedAt: null,
        expiredAt: null,
        failureMessage: null,
      })
      .execute();
    await t.ctx.db
      .insertInto('orderLines')
      .values([
        { id: newId(), orderId, bookId: published, title: 'Lamplight', unitPriceCents: 1000, refundRequestedAt: null, refundedAt: null, refundedCents: 0 },
        { id: newId(), orderId, bookId: other, title: 'Second Lamp', unitPriceCents: 1000, refundRequestedAt: null, refundedAt: now, refundedCents: 1000 },
      ])
      .execute();
  });

  it('counts books by state and sales from paid orders, refunds taken off', async () => {
    const d = await answerOf(await t.request(base('/dashboard'), { cookie: staff.cookie }), getPublisherDashboard);
    expect(d.booksByState.find((s) => s.state === 'published')?.count).toBe(2);
    expect(d.booksByState.find((s) => s.state === 'draft')?.count).toBe(1);
    expect(d.sales).toMatchObject({ copies: 1, copies30d: 1, revenue: [{ currency: 'EUR', cents: 1000 }] });
    expect(d.onboarding).toMatchObject({ details: true, payout: true, books: true, storefront: false });
    const authors = await answerOf(await t.request(base('/authors'), { cookie: staff.cookie }), listImprintAuthors);
    expect(authors.authors[0]!.books).toEqual([{ id: published, title: 'Lamplight', status: 'published', inImprint: true }]);
  });

  it('a manager saves the storefront with an own image and ordered featured books; the public page and the book page show it', async () => {
    const upload = await t.request('/api/files?name=logo.png', {
      method: 'POST',
      cookie: owner.cookie,
      body: new Blob([PNG_1x1 as Uint8Array<ArrayBuffer>]),
      headers: { 'content-type': 'application/octet-stream' },
    });
    expect(upload.status).toBe(201);
    const fileId = ((await upload.json()) as { file: { id: string } }).file.id;
    const input = { description: 'Small books, well made.', logoFileId: fileId, bannerFileId: null, featured: [other, published] };
    // Staff may not; a manager may not use the owner's file; the owner may; featuring a draft is refused.
    expect((await send(staff.cookie, 'PUT', '/storefront', input)).status).toBe(403);
    expect((await send(manager.cookie, 'PUT', '/storefront', input)).status).toBe(422);
    const draftId = (await t.ctx.db.selectFrom('books').select('id').where('title', '=', 'Unfinished').executeTakeFirstOrThrow()).id;
    const bad = await send(owner.cookie, 'PUT', '/storefront', { ...input, featured: [draftId] });
    expect((await errorOf(bad)).fields?.featured).toMatch(/published books/);
    const saved = await answerOf(await send(owner.cookie, 'PUT', '/storefront', input), saveStorefront);
    expect(saved.storefront).toMatchObject({ slug: 'lantern-house', logo: { fileId } });
    expect(saved.storefront.featured.map((b) => b.title)).toEqual(['Second Lamp', 'Lamplight']);
    // The manager may keep the owner's logo while changing the rest.
    expect((await send(manager.cookie, 'PUT', '/storefront', { ...input, featured: [published] })).status).toBe(200);
    const settings = await answerOf(await t.request(base('/storefront'), { cookie: staff.cookie }), getStorefrontSettings);
    expect(settings.publishedBooks.map((b) => b.title)).toEqual(['Lamplight', 'Second Lamp']);

    const publicPage = await t.request('/api/store/publishers/lantern-house');
    const front = await answerOf(publicPage, getPublicStorefront);
    expect(front.storefront.featured.map((b) => b.title)).toEqual(['Lamplight']);
    expect(front.books.map((b) => b.title).sort()).toEqual(['Lamplight', 'Second Lamp']);
    expect((await t.request('/api/store/publishers/nobody')).status).toBe(404);
    const book = await answerOf(await t.request(`/api/store/books/${published}`), getStoreBook);
    expect(book.publisherStore).toBe('lantern-house');
  });
});
