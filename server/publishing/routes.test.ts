/** The publishing pipeline through the HTTP API, against a fresh SQLite file per test. */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import * as api from '../../sync/api/publishing';
import { searchStore } from '../../sync/api/store';
import { chapterDocName } from '../../sync/collab/close-codes';
import type { Manuscript } from '../../sync/collections/manuscripts';
import type { ManuscriptChapter } from '../../sync/collections/manuscript-chapters';
import type { PublishingMetadataInput } from '../../sync/publishing/metadata';
import { chapterUpdateFromParagraphs } from '../collab/lexical-doc';
import { CollabStore } from '../collab/store';
import { buildUser, push } from '../sync/test-helpers';
import { answerOf, buildTestContext, errorOf, type TestContext } from '../test/test-context';

let t: TestContext;
const cookies: Record<string, string> = {};

const manuscript = (id: string, ownerId: string, title: string): Manuscript & { _deleted: boolean } => ({
  id,
  ownerId,
  ownerName: ownerId,
  title,
  members: [],
  memberIds: [],
  createdAt: 1,
  updatedAt: 1,
  _deleted: false,
});
const chapter = (id: string, manuscriptId: string, ownerId: string, position: number, title: string): ManuscriptChapter & { _deleted: boolean } => ({
  id,
  manuscriptId,
  ownerId,
  memberIds: [],
  editorIds: [],
  title,
  position,
  wordCount: 3,
  createdAt: 1,
  updatedAt: 1,
  _deleted: false,
});

const metadata: PublishingMetadataInput = {
  title: 'The Salt Orchard',
  subtitle: 'A summer novel',
  description: 'A family, an orchard by the sea, and one long summer of secrets.',
  genres: ['FB'],
  keywords: ['orchard', 'sea'],
  language: 'en',
  priceCents: 499,
  currency: 'USD',
  ageRating: 'all',
};

const seqs = new Map<string, number>();
async function write(chapterId: string, paragraphs: string[]) {
  t.advance(1000); // a later edit is later than any rendering of the earlier text
  const seq = (seqs.get(chapterId) ?? 0) + 1;
  seqs.set(chapterId, seq);
  await new CollabStore(t.ctx.db, t.ctx.now).append(chapterDocName(chapterId), seq, chapterUpdateFromParagraphs(paragraphs));
}

beforeEach(async () => {
  t = await buildTestContext();
  seqs.clear();
  cookies.owner = await buildUser(t.ctx, 'owner', ['author']);
  cookies.other = await buildUser(t.ctx, 'other', ['author']);
  cookies.reader = await buildUser(t.ctx, 'reader');
  cookies.admin = await buildUser(t.ctx, 'admin', ['admin']);
  await push(t, cookies.owner, [{ assumedMasterState: null, newDocumentState: manuscript('m1', 'owner', 'Working title') }], 'manuscripts');
  const rows = [chapter('c1', 'm1', 'owner', 0, 'Arrival'), chapter('c2', 'm1', 'owner', 1, '')].map((c) => ({
    assumedMasterState: null,
    newDocumentState: c,
  }));
  expect((await push(t, cookies.owner, rows, 'manuscript-chapters')).rejected).toEqual([]);
  await write('c1', ['The orchard ran down to the sea.']);
});
afterEach(async () => t.close());

const request = (who: string, path: string, init: { method?: string; json?: unknown } = {}) =>
  t.request(`/api/publishing${path}`, { ...init, cookie: cookies[who] });
const saveMetadata = (who: string, body: unknown = metadata, id = 'm1') => request(who, `/${id}/metadata`, { method: 'PUT', json: body });
const command = (who: string, action: string, comment = '', id = 'm1') => request(who, `/${id}/commands`, { method: 'POST', json: { action, comment } });

async function ok<E extends api.PublicationDetail>(res: Response): Promise<E> {
  expect(res.status, await res.clone().text()).toBe(200);
  return (await answerOf(res, api.getPublication)) as E;
}

async function storeTitles(q: string) {
  const res = await t.request(`/api/store/search?q=${encodeURIComponent(q)}`);
  return (await answerOf(res, searchStore)).books.map((b) => b.title);
}

async function notices(userId: string) {
  await t.worker.drain();
  const rows = await t.ctx.db
    .selectFrom('syncDocs')
    .select('doc')
    .where('collection', '=', 'notifications')
    .where('deleted', '=', 0)
    .orderBy('serverUpdatedAt')
    .execute();
  return rows.map((r) => JSON.parse(r.doc) as { userId: string; kind: string; title: string; body: string; link: string }).filter((n) => n.userId === userId);
}

describe('publishing a manuscript', () => {
  it('goes from draft to the store: metadata, submit, changes requested, resubmit, approve — audited and notified', async () => {
    const list = await answerOf(await request('owner', ''), api.listMyPublications);
    expect(list.items).toEqual([expect.objectContaining({ id: 'm1', title: 'Working title', state: 'draft', listed: false })]);

    let detail = await ok(await saveMetadata('owner'));
    expect(detail).toMatchObject({ state: 'draft', title: 'The Salt Orchard', isOwner: true, actions: ['submit'], metadata: { keywords: ['orchard', 'sea'] } });

    detail = await ok(await command('owner', 'submit', 'First go.'));
    expect(detail).toMatchObject({ state: 'submitted', pendingEdition: { number: 1 }, liveEdition: null, actions: [] });
    expect((await notices('admin')).map((n) => [n.kind, n.title, n.link])).toEqual([
      ['publishing', '“The Salt Orchard” waits for review', '/admin/store/review/m1'],
    ]);

    const queue = await answerOf(await t.request('/api/admin/publishing/queue', { cookie: cookies.admin }), api.listReviewQueue);
    expect(queue.items.map((i) => [i.id, i.state, i.ownerName])).toEqual([['m1', 'submitted', 'owner']]);

    const asReviewer = await ok(await request('admin', '/m1'));
    expect(asReviewer.actions).toEqual(['start_review', 'request_changes', 'reject', 'approve']);
    expect((await command('admin', 'request_changes')).status).toBe(422);
    detail = await ok(await command('admin', 'request_changes', 'Chapter 2 is empty.'));
    expect(detail.state).toBe('changes_requested');
    expect((await notices('owner')).at(-1)).toMatchObject({ title: 'Changes requested for “The Salt Orchard”', link: '/publishing/m1' });
    expect((await notices('owner')).at(-1)!.body).toContain('Chapter 2 is empty.');

    await write('c2', ['And the house stood above it.']);
    await ok(await saveMetadata('owner', { ...metadata, priceCents: 0 }));
    detail = await ok(await command('owner', 'submit', 'Filled chapter 2, made it free.'));
    expect(detail).toMatchObject({ state: 'submitted', pendingEdition: { number: 2 } });
    await ok(await command('admin', 'start_review'));
    await t.worker.drain(); // the automatic checks run before anyone may approve
    detail = await ok(await command('admin', 'approve', 'Lovely.'));
    expect(detail).toMatchObject({ state: 'published', listed: true, liveEdition: { number: 2 } });
    expect(detail.events.map((e) => [e.action, e.fromState, e.toState, e.editionNumber])).toEqual([
      ['submit', 'draft', 'submitted', 1],
      ['request_changes', 'submitted', 'changes_requested', 1],
      ['submit', 'changes_requested', 'submitted', 2],
      ['start_review', 'submitted', 'in_review', 2],
      ['approve', 'in_review', 'published', 2],
    ]);

    expect(await storeTitles('orchard')).toEqual(['The Salt Orchard']);
    const book = await t.ctx.db.selectFrom('books').selectAll().where('id', '=', detail.bookId!).executeTakeFirstOrThrow();
    expect(book).toMatchObject({ status: 'published', priceCents: 0, currency: 'USD', language: 'en', genres: '["FB"]', subtitle: 'A summer novel' });
    const chapters = await t.ctx.db.selectFrom('bookChapters').select(['title', 'xhtml']).where('bookId', '=', book.id).orderBy('ord').execute();
    expect(chapters.map((c) => c.title)).toEqual(['Arrival', 'Chapter 2']);
    expect(chapters[1]!.xhtml).toContain('And the house stood above it.');
    const credited = await t.ctx.db.selectFrom('bookContributors').select(['name', 'role', 'userId']).where('bookId', '=', book.id).execute();
    expect(credited).toEqual([{ name: 'owner', role: 'author', userId: 'owner' }]);
    expect((await notices('owner')).at(-1)).toMatchObject({ title: '“The Salt Orchard” is published' });

    const audit = await t.ctx.db.selectFrom('auditLog').select(['action', 'actorLabel']).where('targetType', '=', 'publication').orderBy('id').execute();
    expect(audit.map((a) => `${a.actorLabel}:${a.action}`)).toEqual([
      'owner:publishing.submit',
      'admin:publishing.request_changes',
      'owner:publishing.submit',
      'admin:publishing.start_review',
      'admin:publishing.approve',
    ]);
  });

  it('keeps the published edition until an update is approved; unlisting and listing again move it out of and into search', async () => {
    await ok(await saveMetadata('owner'));
    await ok(await command('owner', 'submit'));
    await t.worker.drain();
    const published = await ok(await command('admin', 'approve'));
    const bookId = published.bookId!;
    const text = async () =>
      (await t.ctx.db.selectFrom('bookChapters').select('xhtml').where('bookId', '=', bookId).where('ord', '=', 0).executeTakeFirstOrThrow()).xhtml;

    await write('c1', ['A storm took the pears.']);
    await ok(await saveMetadata('owner', { ...metadata, title: 'The Salt Orchard (revised)' }));
    expect(await text()).not.toContain('storm');
    // What the reviewer decided on stays as submitted; the saved details wait for the next submission.
    expect((await ok(await request('admin', '/m1'))).submittedMetadata?.title).toBe('The Salt Orchard');
    expect(await storeTitles('orchard')).toEqual(['The Salt Orchard']);

    const pending = await ok(await command('owner', 'submit', 'A new scene.'));
    expect(pending).toMatchObject({ state: 'submitted', listed: true, liveEdition: { number: 1 }, pendingEdition: { number: 2 } });
    // The edition under review reads as frozen: it has the new text, the store still the old.
    const editionPath = `/editions/${pending.pendingEdition!.id}/book`;
    const first = (await answerOf(await request('admin', editionPath), api.getEditionBook)).chapters[0]!.id;
    const chapter = await request('admin', `${editionPath}/chapters/${first}`);
    expect(((await chapter.json()) as { xhtml: string }).xhtml).toContain('storm');
    expect(await text()).not.toContain('storm');

    await t.worker.drain();
    const updated = await ok(await command('admin', 'approve'));
    expect(updated.bookId).toBe(bookId);
    // Chapter ids are the book's own (never the ids a device chose) and the same in every edition.
    const ids = await t.ctx.db.selectFrom('bookChapters').select('id').where('bookId', '=', bookId).orderBy('ord').execute();
    expect(ids.map((c) => c.id)).toEqual([first, expect.stringMatching(/^ch-[0-9a-f]{32}$/)]);
    expect(first).toMatch(/^ch-[0-9a-f]{32}$/);
    expect(await text()).toContain('storm');
    expect(await storeTitles('orchard')).toEqual(['The Salt Orchard (revised)']);

    expect((await ok(await command('owner', 'unlist'))).listed).toBe(false);
    expect(await storeTitles('orchard')).toEqual([]);
    expect((await ok(await command('admin', 'republish'))).listed).toBe(true);
    expect(await storeTitles('orchard')).toEqual(['The Salt Orchard (revised)']);
    expect((await notices('owner')).at(-1)).toMatchObject({ title: '“The Salt Orchard (revised)” is back in the store' });
  });

  it('checks the metadata field by field', async () => {
    const res = await saveMetadata('owner', {
      ...metadata,
      title: '',
      genres: ['NOPE'],
      keywords: Array.from({ length: 8 }, (_, i) => `k${i}`),
      priceCents: -5,
    });
    expect(res.status).toBe(422);
    const error = await errorOf(res);
    expect(Object.keys(error.fields ?? {}).sort()).toEqual(['genres', 'keywords', 'priceCents', 'title']);
  });

  it('refuses: a reader 403, another author 404, the author a reviewer’s command 403, the wrong state 409', async () => {
    await ok(await saveMetadata('owner'));

    expect((await request('reader', '')).status).toBe(403);
    expect((await request('reader', '/m1')).status).toBe(403);
    expect((await saveMetadata('reader')).status).toBe(403);
    expect((await command('reader', 'submit')).status).toBe(403);
    expect((await t.request('/api/admin/publishing/queue', { cookie: cookies.reader })).status).toBe(403);
    expect((await t.request('/api/admin/publishing', { cookie: cookies.owner })).status).toBe(403);

    expect((await request('other', '/m1')).status).toBe(404);
    expect((await saveMetadata('other')).status).toBe(404);
    expect((await command('other', 'submit')).status).toBe(404);
    expect((await request('other', '/nope')).status).toBe(404);

    expect((await command('owner', 'approve')).status).toBe(403);
    expect((await saveMetadata('admin')).status).toBe(403);
    expect((await command('admin', 'submit')).status).toBe(403);

    expect((await command('admin', 'approve')).status).toBe(409);
    expect((await command('owner', 'unlist')).status).toBe(409);
    await ok(await command('owner', 'submit'));
    expect((await command('owner', 'submit')).status).toBe(409);
    await ok(await command('admin', 'reject', 'Not for this store.'));
    expect((await command('owner', 'submit')).status).toBe(409);
    expect((await saveMetadata('owner')).status).toBe(409);
    expect((await request('owner', '/m1/comments', { method: 'POST', json: { comment: 'Why?' } })).status).toBe(409);
  });

  it('needs saved details before a submission, and keeps editions to those who may see the publication', async () => {
    const res = await command('owner', 'submit');
    expect(res.status).toBe(422);
    expect((await errorOf(res)).fields).toHaveProperty('metadata');
    await ok(await saveMetadata('owner'));
    const { pendingEdition } = await ok(await command('owner', 'submit'));
    const path = `/editions/${pendingEdition!.id}/book`;
    expect((await request('owner', path)).status).toBe(200);
    const asAdmin = await answerOf(await request('admin', path), api.getEditionBook);
    expect(asAdmin).toMatchObject({ status: 'edition', title: 'The Salt Orchard', access: 'full' });
    expect(asAdmin.chapters.map((c) => c.title)).toEqual(['Arrival', 'Chapter 2']);
    expect((await request('other', path)).status).toBe(404);
    expect((await request('reader', path)).status).toBe(403);
  });

  it('carries a feedback thread both ways, and lists every book by state for reviewers', async () => {
    await ok(await saveMetadata('owner'));
    await ok(await command('owner', 'submit'));
    await ok(await command('admin', 'start_review'));
    await ok(await request('admin', '/m1/comments', { method: 'POST', json: { comment: 'Is chapter 2 meant to be blank?' } }));
    const detail = await ok(await request('owner', '/m1/comments', { method: 'POST', json: { comment: 'No — fixing it.' } }));
    expect(detail.events.slice(-2).map((e) => [e.action, e.actorName, e.comment, e.toState])).toEqual([
      ['comment', 'admin', 'Is chapter 2 meant to be blank?', 'in_review'],
      ['comment', 'owner', 'No — fixing it.', 'in_review'],
    ]);
    expect((await notices('owner')).at(-1)).toMatchObject({ title: 'A reviewer commented on “The Salt Orchard”' });
    expect((await notices('admin')).at(-1)).toMatchObject({ title: 'owner commented on “The Salt Orchard”', body: 'No — fixing it.' });

    const all = await answerOf(await t.request('/api/admin/publishing?state=in_review', { cookie: cookies.admin }), api.listPublications);
    expect(all.items.map((i) => i.id)).toEqual(['m1']);
    expect(all.counts).toMatchObject({ in_review: 1, draft: 0, published: 0 });
  });
});
