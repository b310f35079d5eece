/**
 * Interoperability and security of /collab: the stock y-websocket client against a real server.
 */
import WebSocket from 'ws';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { CLOSE_CODES } from '../../sync/collab/close-codes';
import { buildSignedInUser } from '../admin/test-helpers';
import { markRolesChanged } from '../auth/sessions';
import type { RunningServer } from '../server';
import {
  addMember,
  buildManuscript,
  connectClient,
  docText,
  persistedText,
  seedChapter,
  startCollabServer,
  tempDataDir,
  typeParagraph,
  waitFor,
  type TestClient,
} from './test-helpers';

let running: RunningServer;
let owner: Awaited<ReturnType<typeof buildSignedInUser>>;
let docName: string;
const clients: TestClient[] = [];
const events: { event: string; fields: Record<string, unknown> }[] = [];

function connect(...args: Parameters<typeof connectClient>) {
  const client = connectClient(...args);
  clients.push(client);
  return client;
}

beforeAll(async () => {
  running = await startCollabServer(tempDataDir(), { log: (event, fields) => events.push({ event, fields }) });
  owner = await buildSignedInUser(running.ctx, { roles: ['author'] });
  const manuscript = await buildManuscript(running.ctx, owner.user.id);
  docName = manuscript.docNames[0]!;
  await seedChapter(running.ctx, docName, ['It was a bright cold day in April.']);
});

// Each provider adds a process 'exit' listener; destroying them per test keeps Node quiet.
afterEach(() => {
  for (const client of clients.splice(0)) client.destroy();
});

afterAll(async () => {
  await running.close();
});

describe('the stock y-websocket client', () => {
  it('connects with a valid session and receives the chapter', async () => {
    const client = connect(running.url, docName, { cookie: owner.cookie });
    await client.synced;
    expect(docText(client.doc)).toBe('It was a bright cold day in April.');
  });

  it('is refused without a session', async () => {
    const client = connect(running.url, docName);
    expect(await client.closed).toBe(CLOSE_CODES.unauthenticated);
    expect(client.provider.synced).toBe(false);
  });

  it('is refused with a forged session', async () => {
    const client = connect(running.url, docName, { cookie: 'quire_session=abc.def' });
    expect(await client.closed).toBe(CLOSE_CODES.unauthenticated);
  });

  it('refuses a stranger, an unknown chapter and a bad document name', async () => {
    const stranger = await buildSignedInUser(running.ctx);
    expect(await connect(running.url, docName, { cookie: stranger.cookie }).closed).toBe(CLOSE_CODES.forbidden);
    expect(await connect(running.url, 'chapter:nope', { cookie: owner.cookie }).closed).toBe(CLOSE_CODES.unknownDocument);
    expect(await connect(running.url, 'book:1', { cookie: owner.cookie }).closed).toBe(CLOSE_CODES.badDocumentName);
  });

  it('refuses a cross-site upgrade before any socket exists', async () => {
    const ws = new WebSocket(`${running.url.replace('http', 'ws')}/collab/${docName}`, { headers: { cookie: owner.cookie, origin: 'https://evil.example' } });
    ws.on('error', () => {}); // the refusal also surfaces as an error; the status is what matters
    const status = await new Promise<number>((resolve) => ws.on('unexpected-response', (_req, res) => resolve(res.statusCode ?? 0)));
    ws.terminate();
    expect(status).toBe(403);
  });
});

describe('sessions', () => {
  it('hands a rotated session token to the browser on the 101 response', async () => {
    const user = await buildSignedInUser(running.ctx, { roles: ['author'] });
    const { docNames } = await buildManuscript(running.ctx, user.user.id);
    await markRolesChanged(running.ctx, user.user.id);
    const ws = new WebSocket(`${running.url.replace('http', 'ws')}/collab/${docNames[0]}`, { headers: { cookie: user.cookie, origin: running.url } });
    const setCookie = await new Promise<string[]>((resolve) => ws.on('upgrade', (res) => resolve(res.headers['set-cookie'] ?? [])));
    ws.close();
    const rotated = setCookie.find((c) => c.startsWith('quire_session='))?.split(';')[0];
    expect(rotated).toBeDefined();
    expect(rotated).not.toBe(user.cookie);
    const client = connect(running.url, docNames[0]!, { cookie: rotated });
    await client.synced;
  });
});

describe('roles', () => {
  it("drops a viewer's and a commenter's updates, keeps their presence, and spreads an editor's", async () => {
    const { ctx } = running;
    const manuscript = await buildManuscript(ctx, owner.user.id);
    const name = manuscript.docNames[0]!;
    await seedChapter(ctx, name, ['Opening line.']);
    const editor = await buildSignedInUser(ctx);
    const viewer = await buildSignedInUser(ctx);
    const commenter = await buildSignedInUser(ctx);
    await addMember(ctx, manuscript.id, editor.user.id, 'editor');
    await addMember(ctx, manuscript.id, viewer.user.id, 'viewer');
    await addMember(ctx, manuscript.id, commenter.user.id, 'commenter');

    const e = connect(running.url, name, { cookie: editor.cookie });
    const v = connect(running.url, name, { cookie: viewer.cookie });
    const c = connect(running.url, name, { cookie: commenter.cookie });
    await Promise.all([e.synced, v.synced, c.synced]);

    v.provider.awareness.setLocalStateField('user', { name: 'Viewer' });
    typeParagraph(v, 'Viewer vandalism.');
    typeParagraph(c, 'Commenter rewrite.');
    typeParagraph(e, 'Editor addition.');

    // The editor's update was queued after the others; once it reaches the viewer, the server
    // has already handled (and dropped) theirs.
    await waitFor(() => docText(v.doc).includes('Editor addition.') && docText(c.doc).includes('Editor addition.'));
    await waitFor(() => [...e.provider.awareness.getStates().values()].some((s) => s.user?.name === 'Viewer'));
    // Not vacuous: both read-only sockets did send their updates, and the server dropped them.
    const dropped = events.filter((x) => x.event === 'update-dropped' && x.fields.doc === name).map((x) => x.fields.role);
    expect(new Set(dropped)).toEqual(new Set(['viewer', 'commenter']));
    expect(docText(e.doc)).toBe('Opening line.\n\nEditor addition.');
    expect(await persistedText(ctx, name)).toBe('Opening line.\n\nEditor addition.');

    // A fresh client sees what the server holds: no trace of the dropped updates.
    const fresh = connect(running.url, name, { cookie: editor.cookie });
    await fresh.synced;
    expect(docText(fresh.doc)).toBe('Opening line.\n\nEditor addition.');
  });

  it('lets an admin read but not write', async () => {
    const { ctx } = running;
    const admin = await buildSignedInUser(ctx, { roles: ['admin'] });
    const client = connect(running.url, docName, { cookie: owner.cookie });
    const adminClient = connect(running.url, docName, { cookie: admin.cookie });
    await Promise.all([client.synced, adminClient.synced]);
    typeParagraph(adminClient, 'Admin edit.');
    typeParagraph(client, 'Owner edit.');
    await waitFor(() => docText(adminClient.doc).includes('Owner edit.'));
    expect(docText(client.doc)).not.toContain('Admin edit.');
  });
});
