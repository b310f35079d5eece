/**
 * Version history against a real SQLite file: automatic versions taken by the collaboration
 * document itself (first edit of a session, hourly, with the test clock), named versions, the
 * access rules of the routes, and thinning. Editors are fake connections driving the SharedDoc
 * with the same messages a socket would deliver.
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import * as Y from 'yjs';
import type { VersionDetailResponse, VersionListResponse, VersionResponse } from '../../../sync/api/versions';
import type { CollabRole } from '../../../sync/collab/close-codes';
import { buildSignedInUser } from '../../admin/test-helpers';
import { appendParagraphUpdate } from '../../collab/lexical-doc';
import { encodeUpdate } from '../../collab/protocol';
import type { CollabConnection, SharedDoc } from '../../collab/shared-doc';
import { addMember, buildManuscript, docText, persistedText, seedChapter } from '../../collab/test-helpers';
import { buildTestContext, type TestContext } from '../../test/test-context';

const MINUTE = 60_000;
let t: TestContext;

beforeEach(async () => {
  t = await buildTestContext();
});
afterEach(async () => {
  await t.ctx.collab.registry.settled();
  await t.close();
});

function connection(userId: string, role: CollabRole = 'owner'): CollabConnection {
  return { userId, role, send: () => {}, close: () => {} };
}

/** Append a paragraph as this connection's editor would, and wait until the document handled it. */
async function edit(shared: SharedDoc, conn: CollabConnection, paragraph: string) {
  shared.receive(conn, encodeUpdate(appendParagraphUpdate(Y.encodeStateAsUpdate(shared.doc), paragraph)));
  await shared.idle();
}

async function setup() {
  const owner = await buildSignedInUser(t.ctx, { roles: ['author'] });
  const { id: manuscriptId, chapterIds, docNames } = await buildManuscript(t.ctx, owner.user.id);
  const chapterId = chapterIds[0]!;
  const docName = docNames[0]!;
  const shared = await t.ctx.collab.registry.acquire(docName);
  return { owner, manuscriptId, chapterId, docName, shared, release: () => t.ctx.collab.registry.release(docName) };
}

async function list(chapterId: string, cookie: string) {
  const res = await t.request(`/api/chapters/${chapterId}/versions`, { cookie });
  expect(res.status).toBe(200);
  return (await res.json()) as VersionListResponse;
}

async function detail(chapterId: string, id: string, cookie: string) {
  const res = await t.request(`/api/chapters/${chapterId}/versions/${id}`, { cookie });
  expect(res.status).toBe(200);
  return (await res.json()) as VersionDetailResponse;
}

describe('automatic versions', () => {
  it('keeps the state before the first edit of each session, once per session', async () => {
    const { owner, chapterId, docName, release } = await setup();
    release();
    await t.ctx.collab.registry.settled();
    await seedChapter(t.ctx, docName, ['An opening line.']);
    const shared = await t.ctx.collab.registry.acquire(docName);

    const first = connection(owner.user.id);
    shared.add(first);
    await edit(shared, first, 'A second line.');
    await edit(shared, first, 'A third line.');
    let { versions } = await list(chapterId, owner.cookie);
    expect(versions).toHaveLength(1);
    expect(versions[0]).toMatchObject({
      kind: 'auto',
      reason: 'session',
      name: null,
      wordCount: 3,
      author: { id: owner.user.id, username: owner.user.username },
    });
    const before = await detail(chapterId, versions[0]!.id, owner.cookie);
    expect(before.html).toContain('An opening line.');
    expect(before.html).not.toContain('second');
    // Restoring it would take out the two lines typed since.
    expect(before.change).toEqual({ added: 0, removed: 6 });

    // A new connection is a new session: its first edit keeps the state built so far.
    const second = connection(owner.user.id);
    shared.add(second);
    await edit(shared, second, 'A fourth line.');
    ({ versions } = await list(chapterId, owner.cookie));
    expect(versions).toHaveLength(2);
    expect((await detail(chapterId, versions[0]!.id, owner.cookie)).html).toContain('A third line.');
    t.ctx.collab.registry.release(docName);
  });

  it('takes nothing for an empty chapter, and nothing for an update that changes nothing', async () => {
    const { owner, chapterId, shared, release } = await setup();
    const conn = connection(owner.user.id);
    shared.add(conn);
    await edit(shared, conn, 'The very first words.');
    expect((await list(chapterId, owner.cookie)).versions).toHaveLength(0);

    const late = connection(owner.user.id);
    shared.add(late);
    shared.receive(late, encodeUpdate(Y.encodeStateAsUpdate(shared.doc))); // already known: not an edit
    await shared.idle();
    expect((await list(chapterId, owner.cookie)).versions).toHaveLength(0);
    release();
  });

  it('keeps a version every hour of editing', async () => {
    const { owner, chapterId, shared, release } = await setup();
    const conn = connection(owner.user.id);
    shared.add(conn);
    await edit(shared, conn, 'Hour zero.'); // empty before: the hour starts counting here
    t.advance(40 * MINUTE);
    await edit(shared, conn, 'Forty minutes in.');
    expect((await list(chapterId, owner.cookie)).versions).toHaveLength(0);
    t.advance(21 * MINUTE);
    await edit(shared, conn, 'Past the hour.');
    const { versions } = await list(chapterId, owner.cookie);
    expect(versions.map((v) => v.reason)).toEqual(['hourly']);
    const html = (await detail(chapterId, versions[0]!.id, owner.cookie)).html;
    expect(html).toContain('Forty minutes in.');
    expect(html).not.toContain('Past the hour.');
    // The next one is an hour after this one, not after the first edit.
    t.advance(30 * MINUTE);
    await edit(shared, conn, 'Half an hour later.');
    expect((await list(chapterId, owner.cookie)).versions).toHaveLength(1);
    release();
  });

  it('drops nothing the editor typed when a snapshot cannot be stored', async () => {
    const { owner, docName, shared, release } = await setup();
    const conn = connection(owner.user.id);
    shared.add(conn);
    await edit(shared, conn, 'Kept.');
    const { versions } = t.ctx.collab;
    const insert = versions.store.insert.bind(versions.store);
    versions.store.insert = () => Promise.reject(new Error('disk full'));
    const second = connection(owner.user.id);
    shared.add(second);
    await edit(shared, second, 'Still kept.');
    versions.store.insert = insert;
    expect(docText(shared.doc)).toBe('Kept.\n\nStill kept.');
    expect(await persistedText(t.ctx, docName)).toBe('Kept.\n\nStill kept.');
    release();
  });
});

describe('named versions and access', () => {
  it('saves the current state under a name, newest first; renames and deletes it', async () => {
    const { owner, chapterId, shared, release } = await setup();
    const conn = connection(owner.user.id);
    shared.add(conn);
    await edit(shared, conn, 'Draft one is done.');
    const res = await t.request(`/api/chapters/${chapterId}/versions`, { method: 'POST', cookie: owner.cookie, json: { name: '  First draft  ' } });
    expect(res.status).toBe(201);
    const { version } = (await res.json()) as VersionResponse;
    expect(version).toMatchObject({ kind: 'named', reason: 'named', name: 'First draft', wordCount: 4 });
    const shown = await detail(chapterId, version.id, owner.cookie);
    expect(shown.html).toContain('Draft one is done.');
    expect(shown.html).toContain('quire-body');
    expect(shown.change).toEqual({ added: 0, removed: 0 });

    const renamed = await t.request(`/api/chapters/${chapterId}/versions/${version.id}`, { method: 'PATCH', cookie: owner.cookie, json: { name: 'Draft 1' } });
    expect(renamed.status).toBe(200);
    expect(((await renamed.json()) as VersionResponse).version.name).toBe('Draft 1');
    const deleted = await t.request(`/api/chapters/${chapterId}/versions/${version.id}`, { method: 'DELETE', cookie: owner.cookie });
    expect(deleted.status).toBe(204);
    expect((await list(chapterId, owner.cookie)).versions).toHaveLength(0);
    release();
  });

  it('refuses a blank, overlong or control-character name with a message for the field', async () => {
    const { owner, chapterId, release } = await setup();
    for (const name of ['   ', 'x'.repeat(81), 'tab\there']) {
      const res = await t.request(`/api/chapters/${chapterId}/versions`, { method: 'POST', cookie: owner.cookie, json: { name } });
      expect(res.status).toBe(422);
      const body = (await res.json()) as { error: { fields: Record<string, string> } };
      expect(body.error.fields.name).toBeTruthy();
    }
    release();
  });

  it('lets every co-author read history but only owners and editors name or restore', async () => {
    const { owner, manuscriptId, chapterId, shared, release } = await setup();
    const conn = connection(owner.user.id);
    shared.add(conn);
    await edit(shared, conn, 'Something.');
    const saved = (await (
      await t.request(`/api/chapters/${chapterId}/versions`, { method: 'POST', cookie: owner.cookie, json: { name: 'v1' } })
    ).json()) as VersionResponse;
    const base = `/api/chapters/${chapterId}/versions`;

    const editor = await buildSignedInUser(t.ctx);
    await addMember(t.ctx, manuscriptId, editor.user.id, 'editor');
    expect((await t.request(base, { method: 'POST', cookie: editor.cookie, json: { name: 'Editor’s cut' } })).status).toBe(201);

    for (const role of ['viewer', 'commenter'] as const) {
      const member = await buildSignedInUser(t.ctx);
      await addMember(t.ctx, manuscriptId, member.user.id, role);
      expect((await list(chapterId, member.cookie)).role).toBe(role);
      expect((await detail(chapterId, saved.version.id, member.cookie)).html).toContain('Something.');
      expect((await t.request(base, { method: 'POST', cookie: member.cookie, json: { name: 'mine' } })).status).toBe(403);
      expect((await t.request(`${base}/${saved.version.id}/restore`, { method: 'POST', cookie: member.cookie })).status).toBe(403);
      expect((await t.request(`${base}/${saved.version.id}`, { method: 'DELETE', cookie: member.cookie })).status).toBe(403);
    }

    const stranger = await buildSignedInUser(t.ctx);
    expect((await t.request(base, { cookie: stranger.cookie })).status).toBe(403);
    expect((await t.request(`${base}/${saved.version.id}`, { cookie: stranger.cookie })).status).toBe(403);
    expect((await t.request(`${base}/${saved.version.id}/restore`, { method: 'POST', cookie: stranger.cookie })).status).toBe(403);
    expect((await t.request(base)).status).toBe(401);
    expect((await t.request('/api/chapters/no-such-chapter/versions', { cookie: owner.cookie })).status).toBe(404);
    expect((await t.request('/api/chapters/bad%20id!/versions', { cookie: owner.cookie })).status).toBe(404);
    expect((await t.request(`${base}/no-such-version`, { cookie: owner.cookie })).status).toBe(404);
    expect((await t.request(`${base}/no-such-version/restore`, { method: 'POST', cookie: owner.cookie })).status).toBe(404);
    release();
  });
});

describe('thinning', () => {
  it('thins old automatic versions when a new one is kept, and keeps named ones forever', async () => {
    const { owner, chapterId, docName, shared, release } = await setup();
    const { store } = t.ctx.collab.versions;
    const now = t.ctx.now();
    const DAY = 24 * 60 * MINUTE;
    const old = { docName, authorId: owner.user.id, state: new Uint8Array([0, 0]), html: '', text: '', wordCount: 0 };
    // Ten days ago: three automatic versions the same day, and a named one.
    const tenDaysAgo = Math.floor((now - 10 * DAY) / DAY) * DAY + 6 * 60 * MINUTE;
    for (const offset of [0, 1, 2]) await store.insert({ ...old, kind: 'auto', reason: 'session', name: null, createdAt: tenDaysAgo + offset * 60 * MINUTE });
    await store.insert({ ...old, kind: 'named', reason: 'named', name: 'Old but named', createdAt: tenDaysAgo - 60 * MINUTE });

    const conn = connection(owner.user.id);
    shared.add(conn);
    await edit(shared, conn, 'Fresh words.'); // first edit on an empty chapter: nothing kept, no thinning
    const other = connection(owner.user.id);
    shared.add(other);
    await edit(shared, other, 'More words.'); // a session version: thinning runs
    const { versions } = await list(chapterId, owner.cookie);
    expect(versions.map((v) => [v.kind, v.createdAt])).toEqual([
      ['auto', expect.any(Number)],
      ['auto', tenDaysAgo + 2 * 60 * MINUTE],
      ['named', tenDaysAgo - 60 * MINUTE],
    ]);
    release();
  });
});
