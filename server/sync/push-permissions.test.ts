/**
 * Every replicated collection × every kind of account × create / update / delete, through the
 * real push rules against a real SQLite file: a write goes through exactly when the permission
 * table (sync/collections/push-permissions.ts) allows it and the collection's own rule does. Each
 * fixture is a write its rule allows to this writer, so any refusal of an allowed account (or
 * acceptance of a refused one) is the table's.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { COLLECTIONS, type CollectionName } from '../../sync/collections';
import { conversationIdOf } from '../../sync/collections/messages';
import { PUSH_PERMISSIONS, WRITE_KINDS, type WriteKind } from '../../sync/collections/push-permissions';
import { toDocument } from '../../sync/collections/preferences';
import { cartEntryId } from '../../sync/collections/cart';
import { followId } from '../../sync/collections/follows';
import { wishlistEntryId } from '../../sync/collections/wishlist';
import { DEFAULT_PREFERENCES, ZERO_STAMPS } from '../../sync/preferences';
import type { Writer } from '../../sync/replication/collection';
import { can, withReader, type GrantableRole } from '../../sync/roles';
import { buildTestContext, type TestContext } from '../test/test-context';
import { applyPush } from './push';
import { writeServerDoc } from './server-write';
import { asWriter, buildList, buildUser } from './test-helpers';

type Doc = Record<string, unknown> & { id: string };
interface Fixture {
  /** A document the writer's rule lets them create. */
  create(w: string, n: string): Doc;
  /** A stored document (written by the server) and the writer's change to it. */
  change(w: string, n: string): { stored: Doc; next: Doc };
  /** Kinds the collection's own rule refuses to everyone, whatever the table says. */
  ruleRefuses?: WriteKind[];
}

/** The wishlist document writer `w` would create for book `b{n}`. */
const wishlistEntry = (w: string, n: number | string) => ({
  id: wishlistEntryId(w, `b${n}`),
  ownerId: w,
  bookId: `b${n}`,
  title: 'T',
  authors: 'A',
  coverUrl: '',
  priceCents: 0,
  currency: 'EUR',
  addedAt: 1,
  updatedAt: 1,
});

const quote = { exact: 'It was', prefix: '', suffix: ' a dark night' };
const PEER = 'peer';
/** Writer `w` follows the author account `peer` (a follow must name an active account). */
const follow = (w: string) => ({ id: followId(w, PEER), ownerId: w, authorId: PEER, authorName: PEER, followedAt: 1, updatedAt: 1 });

/** A manuscript of the author `peer` on which the writer is an editor: chapters and comments need one. */
const sharedManuscript = (w: string, n: string) => ({
  id: `ms-${w}-${n}`,
  ownerId: PEER,
  ownerName: PEER,
  title: 'Shared',
  members: [{ userId: w, username: w, role: 'editor' as const }],
  memberIds: [w],
  createdAt: 1,
  updatedAt: 1,
});
const chapter = (w: string, n: string) => ({
  id: `ch-${w}-${n}`,
  manuscriptId: `ms-${w}-${n}`,
  ownerId: PEER,
  memberIds: [w],
  editorIds: [w],
  title: 'One',
  position: 0,
  wordCount: 0,
  createdAt: 1,
  updatedAt: 1,
});
const comment = (w: string, n: string) => ({
  id: `co-${w}-${n}`,
  manuscriptId: `ms-${w}-${n}`,
  chapterId: `ch-${w}-${n}`,
  threadId: `co-${w}-${n}`,
  authorId: w,
  authorName: w,
  ownerId: PEER,
  memberIds: [w],
  body: 'Nice.',
  anchor: quote,
  resolved: false,
  statusChangedBy: '',
  statusChangedAt: 0,
  removed: false,
  editedAt: 0,
  createdAt: 1,
  updatedAt: 1,
});
const notification = (w: string, n: string) => ({
  id: `n-${w}-${n}`,
  userId: w,
  kind: 'test',
  title: 'Hello',
  body: '',
  link: null,
  createdAt: 1,
  readAt: null,
  updatedAt: 1,
});
const message = (from: string, to: string, n: string) => ({
  id: `msg-${from}-${to}-${n}`,
  conversationId: conversationIdOf(from, to),
  senderId: from,
  recipientId: to,
  senderName: from,
  recipientName: to,
  body: 'Hi',
  sentAt: 1,
  readAt: null,
  updatedAt: 1,
});
const list = (w: string, n: string) => {
  const { _deleted, ...doc } = buildList({ ownerId: w, id: `list-${w}-${n}` });
  return doc;
};
const own = <T extends Doc>(doc: T) => ({ stored: doc, next: { ...doc, updatedAt: 2 } });

const FIXTURES: Record<CollectionName, Fixture> = {
  'reading-lists': { create: list, change: (w, n) => own(list(w, n)) },
  messages: {
    create: (w, n) => message(w, PEER, n),
    // The recipient marks a message read.
    change: (w, n) => ({ stored: message(PEER, w, n), next: { ...message(PEER, w, n), readAt: 2, updatedAt: 2 } }),
    ruleRefuses: ['delete'],
  },
  notifications: {
    create: (w, n) => notification(w, n),
    change: (w, n) => ({ stored: notification(w, n), next: { ...notification(w, n), readAt: 2, updatedAt: 2 } }),
    ruleRefuses: ['create', 'delete'],
  },
  manuscripts: {
    create: (w, n) => ({ id: `ms-${w}-${n}`, ownerId: w, ownerName: w, title: 'Mine', members: [], memberIds: [], createdAt: 1, updatedAt: 1 }),
    // Updates by an editor co-author (retitling); deletion by the owner.
    change: (w, n) => ({ stored: sharedManuscript(w, n), next: { ...sharedManuscript(w, n), title: 'Retitled', updatedAt: 2 } }),
  },
  'manuscript-chapters': { create: chapter, change: (w, n) => own(chapter(w, n)) },
  'manuscript-comments': { create: comment, change: (w, n) => own(comment(w, n)), ruleRefuses: ['delete'] },
  'library-progress': {
    create: (w, n) => ({ id: `${w}:b${n}`, ownerId: w, bookId: `b${n}`, position: { chapterId: 'c1', quote, chapterFraction: 0, progress: 0 }, updatedAt: 1 }),
    change: (w, n) =>
      own({ id: `${w}:b${n}`, ownerId: w, bookId: `b${n}`, position: { chapterId: 'c1', quote, chapterFraction: 0, progress: 0 }, updatedAt: 1 }),
  },
  annotations: {
    create: (w, n) => ({
      id: `a-${w}-${n}`,
      ownerId: w,
      bookId: 'b1',
      kind: 'highlight',
      chapterId: 'c1',
      quote,
      colour: 'yellow',
      note: '',
      createdAt: 1,
      updatedAt: 1,
    }),
    change: (w, n) =>
      own({ id: `a-${w}-${n}`, ownerId: w, bookId: 'b1', kind: 'highlight', chapterId: 'c1', quote, colour: 'yellow', note: '', createdAt: 1, updatedAt: 1 }),
  },
  wishlist: {
    create: (w, n) => wishlistEntry(w, n),
    change: (w, n) => own(wishlistEntry(w, n)),
  },
  cart: {
    create: (w, n) => ({ ...wishlistEntry(w, n), id: cartEntryId(w, `b${n}`) }),
    change: (w, n) => own({ ...wishlistEntry(w, n), id: cartEntryId(w, `b${n}`) }),
  },
  preferences: {
    // One document per person: a fresh writer per row keeps creates apart.
    create: (w) => toDocument(w, { values: DEFAULT_PREFERENCES, stamps: ZERO_STAMPS }),
    change: (w) => ({
      stored: toDocument(w, { values: DEFAULT_PREFERENCES, stamps: ZERO_STAMPS }),
      next: { ...toDocument(w, { values: DEFAULT_PREFERENCES, stamps: ZERO_STAMPS }), justify: !DEFAULT_PREFERENCES.justify },
    }),
    ruleRefuses: ['delete'],
  },
  follows: { create: (w) => follow(w), change: (w) => own(follow(w)) },
};

const ACCOUNTS: { name: string; roles: GrantableRole[]; status: Writer['status'] }[] = [
  { name: 'reader', roles: [], status: 'active' },
  { name: 'author', roles: ['author'], status: 'active' },
  { name: 'publisher', roles: ['publisher'], status: 'active' },
  { name: 'admin', roles: ['admin'], status: 'active' },
  { name: 'suspended', roles: ['author'], status: 'suspended' },
];

let t: TestContext;
beforeAll(async () => {
  t = await buildTestContext();
  await buildUser(t.ctx, PEER, ['author']);
});
afterAll(async () => t.close());

const principal = (a: (typeof ACCOUNTS)[number]) => ({ roles: withReader(a.roles), status: a.status });
let counter = 0;

async function attempt(collection: CollectionName, kind: WriteKind, account: (typeof ACCOUNTS)[number]): Promise<boolean> {
  const n = String(++counter);
  const id = `${account.name}${n}`;
  await buildUser(t.ctx, id, account.roles);
  const writer: Writer = { ...asWriter({ id, displayName: id, roles: account.roles }), status: account.status };
  const definition = COLLECTIONS[collection];
  const fixture = FIXTURES[collection];
  let previous: Doc | null = null;
  let next: Doc;
  if (kind === 'create') next = fixture.create(id, n);
  else {
    const { stored, next: changed } = kind === 'delete' && collection === 'manuscripts' ? own(FIXTURES.manuscripts.create(id, n)) : fixture.change(id, n);
    if (collection === 'manuscript-chapters' || collection === 'manuscript-comments')
      await writeServerDoc(t.ctx, COLLECTIONS.manuscripts, sharedManuscript(id, n));
    await writeServerDoc(t.ctx, definition as never, stored as never);
    previous = stored;
    next = changed;
  }
  if (kind === 'create' && (collection === 'manuscript-chapters' || collection === 'manuscript-comments'))
    await writeServerDoc(t.ctx, COLLECTIONS.manuscripts, sharedManuscript(id, n));
  const row = { assumedMasterState: previous && { ...previous, _deleted: false }, newDocumentState: { ...next, _deleted: kind === 'delete' } };
  const result = await applyPush(t.ctx, definition as never, writer, [row as never]);
  return result.rejected.length === 0 && result.conflicts.length === 0;
}

describe('push permissions: every collection × account × kind of write', () => {
  for (const collection of Object.keys(COLLECTIONS) as CollectionName[]) {
    it(`${collection} follows the permission table`, async () => {
      const outcomes: string[] = [];
      const expected: string[] = [];
      for (const account of ACCOUNTS) {
        for (const kind of WRITE_KINDS) {
          const allowed = can(principal(account), PUSH_PERMISSIONS[collection][kind]) && !FIXTURES[collection].ruleRefuses?.includes(kind);
          expected.push(`${account.name} ${kind}: ${allowed ? 'written' : 'refused'}`);
          outcomes.push(`${account.name} ${kind}: ${(await attempt(collection, kind, account)) ? 'written' : 'refused'}`);
        }
      }
      expect(outcomes).toEqual(expected);
    });
  }

  it('keeps manuscripts (start and delete) to authors and admins, and everything to active accounts', () => {
    const allowed = (c: CollectionName, k: WriteKind) => ACCOUNTS.filter((a) => can(principal(a), PUSH_PERMISSIONS[c][k])).map((a) => a.name);
    expect(allowed('manuscripts', 'create')).toEqual(['author', 'admin']);
    expect(allowed('manuscripts', 'delete')).toEqual(['author', 'admin']);
    expect(allowed('manuscripts', 'update')).toEqual(['reader', 'author', 'publisher', 'admin']);
    expect(allowed('manuscript-chapters', 'create')).toEqual(['reader', 'author', 'publisher', 'admin']);
  });
});
