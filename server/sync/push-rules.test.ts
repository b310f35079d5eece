/**
 * What the server accepts on replicated pushes, probed as an attacker would: chapters injected into
 * or moved between manuscripts, readers writing manuscripts, spoofed or flooded direct messages,
 * squatted wishlist ids and outside cover URLs — over the real /api/sync routes and SQLite file.
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { chapterDocName } from '../../sync/collab/close-codes';
import { manuscripts, type Manuscript } from '../../sync/collections/manuscripts';
import type { ManuscriptChapter } from '../../sync/collections/manuscript-chapters';
import { conversationIdOf, type Message } from '../../sync/collections/messages';
import { wishlistEntryId, type WishlistEntry } from '../../sync/collections/wishlist';
import { defaultCollabAccess } from '../manuscripts/access/replicated-access';
import { SYNC_PUSH_ROW_LIMITS } from '../limits';
import { buildTestContext, type TestContext } from '../test/test-context';
import { writeServerDoc } from './server-write';
import { readDoc } from './store';
import { buildList, buildUser, pull, push, syncRequest } from './test-helpers';

let t: TestContext;
const cookie: Record<string, string> = {};

beforeEach(async () => {
  t = await buildTestContext();
  cookie.owner = await buildUser(t.ctx, 'owner', ['author']);
  cookie.attacker = await buildUser(t.ctx, 'attacker', ['author']);
  cookie.viewer = await buildUser(t.ctx, 'viewer');
  cookie.editor = await buildUser(t.ctx, 'editor'); // a plain reader the owner made an editor
  cookie.reader = await buildUser(t.ctx, 'reader');
});
afterEach(async () => t.close());

type Wire<T> = T & { _deleted: boolean };
const create = <T>(doc: T) => [{ assumedMasterState: null, newDocumentState: doc }];
const change = <T>(previous: T, next: T) => [{ assumedMasterState: previous, newDocumentState: next }];
const codes = (result: { rejected: { code: string }[] }) => result.rejected.map((r) => r.code);

function manuscript(id: string, ownerId: string, members: Manuscript['members'] = []): Wire<Manuscript> {
  return { id, ownerId, ownerName: ownerId, title: 'Novel', members, memberIds: members.map((m) => m.userId), createdAt: 1, updatedAt: 1, _deleted: false };
}
const SHARED = manuscript('m1', 'owner', [
  { userId: 'viewer', username: 'viewer', role: 'viewer' },
  { userId: 'editor', username: 'editor', role: 'editor' },
]);
function chapter(id: string, m: Manuscript, overrides: Partial<ManuscriptChapter> = {}): Wire<ManuscriptChapter> {
  const editorIds = m.members.filter((x) => x.role === 'editor').map((x) => x.userId);
  return {
    id,
    manuscriptId: m.id,
    ownerId: m.ownerId,
    memberIds: m.memberIds,
    editorIds,
    title: 'One',
    position: 0,
    wordCount: 0,
    createdAt: 1,
    updatedAt: 1,
    _deleted: false,
    ...overrides,
  };
}
const M = 'manuscripts';
const C = 'manuscript-chapters';

describe('chapters belong to the manuscript whose editor created them', () => {
  beforeEach(async () => {
    expect(codes(await push(t, cookie.owner!, create(SHARED), M))).toEqual([]);
  });

  it("refuses a chapter pushed into someone else's manuscript, whatever copies it carries", async () => {
    const asAttacker = chapter('c-evil', SHARED, { ownerId: 'attacker', memberIds: ['attacker'], editorIds: ['attacker'] });
    const copiesOfOwner = chapter('c-evil2', SHARED, { memberIds: [...SHARED.memberIds, 'attacker'], editorIds: ['attacker'] });
    expect(codes(await push(t, cookie.attacker!, [...create(asAttacker), ...create(copiesOfOwner)], C))).toEqual(['forbidden', 'forbidden']);
    expect((await pull(t, cookie.owner!, null, 100, C)).documents).toEqual([]);
  });

  it('refuses chapters from a viewer, and lets a reader the owner made an editor add one within the co-authors', async () => {
    expect(codes(await push(t, cookie.viewer!, create(chapter('c-v', SHARED)), C))).toEqual(['forbidden']);
    expect(codes(await push(t, cookie.editor!, create(chapter('c-e', SHARED)), C))).toEqual([]);
    const widened = chapter('c-w', SHARED, { memberIds: [...SHARED.memberIds, 'attacker'] });
    expect(codes(await push(t, cookie.editor!, create(widened), C))).toEqual(['forbidden']);
  });

  it("never moves a chapter to another manuscript, so its text stays with the owner's manuscript", async () => {
    const own = manuscript('m-attacker', 'attacker');
    await push(t, cookie.attacker!, create(own), M);
    const bait = chapter('c-bait', SHARED);
    expect(codes(await push(t, cookie.owner!, create(bait), C))).toEqual([]);
    // Neither the owner's device nor anyone else may re-point it.
    const moved = { ...bait, manuscriptId: own.id, ownerId: 'attacker', updatedAt: 2 };
    expect(codes(await push(t, cookie.attacker!, change(bait, moved), C))).toEqual(['forbidden']);
    expect(codes(await push(t, cookie.owner!, change(bait, { ...bait, manuscriptId: own.id, updatedAt: 2 }), C))).toEqual(['forbidden']);
    const access = defaultCollabAccess(t.ctx.db);
    expect(await access.roleFor('attacker', chapterDocName('c-bait'))).toBeNull();
    expect(await access.roleFor('owner', chapterDocName('c-bait'))).toBe('owner');
    // The book view lists it under the owner's manuscript only.
    const book = await t.request('/api/manuscripts/m-attacker/book', { cookie: cookie.attacker });
    expect(((await book.json()) as { chapters: unknown[] }).chapters).toEqual([]);
  });
});

describe('a new manuscript whose chapter lands first', () => {
  it("keeps the chapter its author's own until the manuscript arrives, and refuses it to a reader", async () => {
    const fresh = manuscript('m-new', 'owner');
    const first = chapter('c-first', fresh);
    expect(codes(await push(t, cookie.owner!, create(first), C))).toEqual([]);
    expect(codes(await push(t, cookie.owner!, change(first, { ...first, title: 'Renamed', updatedAt: 2 }), C))).toEqual([]);
    expect(codes(await push(t, cookie.reader!, create(chapter('c-r', manuscript('m-r', 'reader'))), C))).toEqual(['forbidden']);
    expect(codes(await push(t, cookie.attacker!, create(chapter('c-shared', manuscript('m-later', 'attacker'), { memberIds: ['owner'] })), C))).toEqual([
      'forbidden',
    ]);
    expect(await defaultCollabAccess(t.ctx.db).exists(chapterDocName('c-first'))).toBe(false);
    expect(codes(await push(t, cookie.owner!, create(fresh), M))).toEqual([]);
    expect(await defaultCollabAccess(t.ctx.db).roleFor('owner', chapterDocName('c-first'))).toBe('owner');
  });
});

describe('manuscripts need manuscripts:write', () => {
  it("refuses an editor's deletion of the owner's manuscript, even an editor who is an author", async () => {
    await t.ctx.db.insertInto('userRoles').values({ userId: 'editor', role: 'author', grantedAt: 1, grantedBy: null }).execute();
    await push(t, cookie.owner!, create(SHARED), M);
    expect(codes(await push(t, cookie.editor!, change(SHARED, { ...SHARED, _deleted: true }), M))).toEqual(['forbidden']);
    expect(codes(await push(t, cookie.owner!, change(SHARED, { ...SHARED, _deleted: true }), M))).toEqual([]);
  });

  it('refuses a manuscript from a plain reader and accepts it from an author', async () => {
    expect(codes(await push(t, cookie.reader!, create(manuscript('m-r', 'reader')), M))).toEqual(['forbidden']);
    expect(codes(await push(t, cookie.owner!, create(manuscript('m-a', 'owner')), M))).toEqual([]);
  });

  it('lets an owner without manuscripts:write (a demoted author) only view: no text over /collab, no chapters', async () => {
    const owned = manuscript('m-demoted', 'reader', [{ userId: 'editor', username: 'editor', role: 'editor' }]);
    const { _deleted, ...stored } = owned;
    await writeServerDoc(t.ctx, manuscripts, stored);
    const access = defaultCollabAccess(t.ctx.db);
    expect(codes(await push(t, cookie.editor!, create(chapter('c-d', owned)), C))).toEqual([]);
    expect(await access.roleFor('reader', chapterDocName('c-d'))).toBe('viewer');
    expect(await access.roleFor('editor', chapterDocName('c-d'))).toBe('editor');
    expect(codes(await push(t, cookie.reader!, create(chapter('c-d2', owned)), C))).toEqual(['forbidden']);
  });
});

describe('direct messages', () => {
  function message(overrides: Partial<Message> = {}): Wire<Message> {
    return {
      id: `msg-${Math.random().toString(36).slice(2, 10)}`,
      conversationId: conversationIdOf('reader', 'owner'),
      senderId: 'reader',
      recipientId: 'owner',
      senderName: 'reader',
      recipientName: 'owner',
      body: 'Hello',
      sentAt: 1,
      readAt: null,
      updatedAt: 1,
      _deleted: false,
      ...overrides,
    };
  }
  const send = (rows: unknown[]) => syncRequest(t, cookie.reader, 'messages/push', { rows });

  it('takes the names from the accounts and sends only to active accounts', async () => {
    await t.ctx.db.updateTable('users').set({ status: 'suspended' }).where('id', '=', 'viewer').execute();
    const spoofed = message({ senderName: 'Quire Support (official)' });
    const nobody = message({ recipientId: 'nobody', recipientName: 'nobody', conversationId: conversationIdOf('reader', 'nobody') });
    const suspended = message({ recipientId: 'viewer', recipientName: 'viewer', conversationId: conversationIdOf('reader', 'viewer') });
    const misnamed = message({ recipientName: 'Someone else' });
    const honest = message();
    const result = await push(t, cookie.reader!, [spoofed, nobody, suspended, misnamed, honest].flatMap(create), 'messages');
    expect(result.rejected.map((r) => [r.id, r.code])).toEqual([spoofed, nobody, suspended, misnamed].map((m) => [m.id, 'forbidden']));
    expect((await pull(t, cookie.owner!, null, 100, 'messages')).documents.map((d) => d.id)).toEqual([honest.id]);
  });

  it('refuses a whole push over the per-account limit with 429 and Retry-After, writing nothing of it', async () => {
    const limit = SYNC_PUSH_ROW_LIMITS.messages.points;
    const first = await send(Array.from({ length: limit }, () => create(message())[0]));
    expect(first.status).toBe(200);
    const flood = Array.from({ length: 5 }, () => create(message())[0]!);
    const res = await send(flood);
    expect(res.status).toBe(429);
    expect(Number(res.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(await readDoc(t.ctx.db, 'messages', flood[0]!.newDocumentState.id)).toBeNull();
    // Another collection has its own budget.
    expect(codes(await push(t, cookie.reader!, create(buildList({ ownerId: 'reader' }))))).toEqual([]);
  });
});

describe('wishlist ids and list covers', () => {
  const entry = (ownerId: string, id: string): Wire<WishlistEntry> => ({
    id,
    ownerId,
    bookId: 'b1',
    title: 'T',
    authors: 'A',
    coverUrl: '',
    priceCents: 0,
    currency: 'EUR',
    addedAt: 1,
    updatedAt: 1,
    _deleted: false,
  });

  it("refuses an entry under an id that is another person's, so it cannot be squatted", async () => {
    const squat = entry('attacker', wishlistEntryId('owner', 'b1'));
    expect(codes(await push(t, cookie.attacker!, create(squat), 'wishlist'))).toEqual(['forbidden']);
    expect(codes(await push(t, cookie.owner!, create(entry('owner', wishlistEntryId('owner', 'b1'))), 'wishlist'))).toEqual([]);
  });

  it("accepts only Quire's own cover URLs on list items", async () => {
    const item = (coverUrl: string) => ({ bookId: 'b1', note: '', position: 0, title: 'T', coverUrl });
    const outside = buildList({ ownerId: 'reader', items: [item('https://evil.example/pixel.gif')] });
    const script = buildList({ ownerId: 'reader', items: [item('javascript:alert(1)')] });
    const ours = buildList({ ownerId: 'reader', items: [item('/api/books/b1/cover?v=0123456789ab')] });
    expect(codes(await push(t, cookie.reader!, [...create(outside), ...create(script), ...create(ours)]))).toEqual(['validation_failed', 'validation_failed']);
  });
});
