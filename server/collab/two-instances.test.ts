/**
 * Two Quire instances — two processes on one PostgreSQL database (one SQLite file where
 * PostgreSQL is not installed) and one Redis (issue 15): editors of one chapter, each on
 * another instance, type at once and converge; presence crosses over; a co-author removed through
 * one instance loses their socket on the other; and a randomised run with a restart of one
 * instance in the middle ends with every replica, both servers and the database in agreement.
 */
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import * as Y from 'yjs';
import { CLOSE_CODES, chapterDocName } from '../../sync/collab/close-codes';
import { manuscriptChapters, type ManuscriptChapter } from '../../sync/collections/manuscript-chapters';
import { manuscripts, type Manuscript } from '../../sync/collections/manuscripts';
import { PROTOCOL_HEADER, PROTOCOL_VERSION } from '../../sync/replication/protocol-version';
import { buildSignedInUser } from '../admin/test-helpers';
import { connectRedis } from '../redis/connection';
import { redisServerPath } from '../test/redis-server';
import { START_TIMEOUT_MS, startTwoInstances, type TwoInstances } from '../test/two-instances';
import { addMember, buildManuscript, connectClient, docText, persistedText, typeParagraph, waitFor, type TestClient } from './test-helpers';

const available = redisServerPath() !== null;
if (!available) console.warn('redis-server is not installed: the two-instance collaboration tests did not run (.ci/run installs it).');

let two: TwoInstances;
let starting: Promise<TwoInstances> | undefined;
let a: { url: string };
let b: { url: string };
const clients: TestClient[] = [];

function connect(...args: Parameters<typeof connectClient>) {
  const client = connectClient(...args);
  clients.push(client);
  return client;
}

const rootText = (doc: Y.Doc) => doc.get('root', Y.XmlText).toString();
const stateVector = (doc: Y.Doc) => Object.fromEntries(Y.decodeStateVector(Y.encodeStateVector(doc)));

describe.runIf(available)('collaboration across two instances over Redis', () => {
  beforeAll(async () => {
    // Compaction every 7 updates, so both instances compact one document's log while the other appends.
    starting = startTwoInstances({ QUIRE_RATE_LIMIT_SCALE: '1000', QUIRE_TEST_COMPACT_AFTER: '7' }, { restarts: true });
    two = await starting;
    ({ a, b } = two);
    console.info(two.summary);
  }, START_TIMEOUT_MS);
  afterEach(() => {
    for (const client of clients.splice(0)) client.destroy();
  });
  afterAll(async () => {
    // Also when the start outlasted its hook: what it started is stopped once it has.
    await (await starting?.catch(() => undefined))?.close();
  }, START_TIMEOUT_MS);

  async function chapterWithEditor() {
    const owner = await buildSignedInUser(two.ctx, { roles: ['author'] });
    const editor = await buildSignedInUser(two.ctx);
    const manuscript = await buildManuscript(two.ctx, owner.user.id);
    await addMember(two.ctx, manuscript.id, editor.user.id, 'editor');
    return { owner, editor, docName: manuscript.docNames[0]! };
  }

  it('lets two editors, one on each instance, type at once and converge', async () => {
    const { owner, editor, docName } = await chapterWithEditor();
    const onA = connect(a.url, docName, { cookie: owner.cookie });
    const onB = connect(b.url, docName, { cookie: editor.cookie });
    await Promise.all([onA.synced, onB.synced]);

    for (let i = 0; i < 15; i++) {
      typeParagraph(onA, `From A ${i}.`);
      typeParagraph(onB, `From B ${i}.`);
    }
    await waitFor(() => docText(onA.doc) === docText(onB.doc) && docText(onA.doc).split('\n').filter(Boolean).length === 30);
    expect(stateVector(onA.doc)).toEqual(stateVector(onB.doc));
    expect(rootText(onA.doc)).toBe(rootText(onB.doc));
    for (let i = 0; i < 15; i++) expect(docText(onB.doc)).toContain(`From A ${i}.`);
    // Both instances stored their editor's share in the one database.
    await waitFor(async () => (await persistedText(two.ctx, docName)) === docText(onA.doc));
  });

  it('shows presence on one instance to the editors of the other, including one who opens the chapter later', async () => {
    const { owner, editor, docName } = await chapterWithEditor();
    const onA = connect(a.url, docName, { cookie: owner.cookie });
    await onA.synced;
    onA.provider.awareness.setLocalStateField('user', { name: 'Ann' });
    // B loads the chapter only now: it asks the others for their presence.
    const onB = connect(b.url, docName, { cookie: editor.cookie });
    await onB.synced;
    const names = (client: TestClient) => [...client.provider.awareness.getStates().values()].map((s) => (s.user as { name?: string } | undefined)?.name);
    await waitFor(() => names(onB).includes('Ann'));
    onB.provider.awareness.setLocalStateField('user', { name: 'Bea' });
    await waitFor(() => names(onA).includes('Bea'));
    onA.provider.disconnect();
    await waitFor(() => !names(onB).includes('Ann'));
  });

  it('closes a co-author removed through one instance on the other, with forbidden', async () => {
    const owner = await buildSignedInUser(two.ctx, { roles: ['author'] });
    const editor = await buildSignedInUser(two.ctx);
    const members = [{ userId: editor.user.id, username: 'ed', role: 'editor' as const }];
    const m: Manuscript & { _deleted: boolean } = {
      id: 'ms-two-instances',
      ownerId: owner.user.id,
      ownerName: 'owner',
      title: 'Novel',
      members,
      memberIds: [editor.user.id],
      createdAt: 1,
      updatedAt: 1,
      _deleted: false,
    };
    const c: ManuscriptChapter & { _deleted: boolean } = {
      id: 'ch-two-instances',
      manuscriptId: m.id,
      ownerId: owner.user.id,
      memberIds: [editor.user.id],
      editorIds: [editor.user.id],
      title: 'One',
      position: 0,
      wordCount: 0,
      createdAt: 1,
      updatedAt: 1,
      _deleted: false,
    };
    // The owner's device pushes through A, as the app would.
    const push = async (collection: typeof manuscripts | typeof manuscriptChapters, previous: unknown, next: unknown) => {
      const res = await fetch(`${a.url}/api/sync/${collection.name}/push`, {
        method: 'POST',
        headers: { cookie: owner.cookie, origin: a.url, [PROTOCOL_HEADER]: String(PROTOCOL_VERSION), 'content-type': 'application/json' },
        body: JSON.stringify({ rows: [{ assumedMasterState: previous, newDocumentState: next }] }),
      });
      expect(res.status).toBe(200);
      expect(await res.json()).toEqual({ conflicts: [], rejected: [] });
    };
    await push(manuscripts, null, m);
    await push(manuscriptChapters, null, c);
    const docName = chapterDocName(c.id);

    const ownerOnB = connect(b.url, docName, { cookie: owner.cookie });
    const editorOnB = connect(b.url, docName, { cookie: editor.cookie });
    await Promise.all([ownerOnB.synced, editorOnB.synced]);
    await push(manuscripts, m, { ...m, members: [], memberIds: [], updatedAt: 2 });
    expect(await editorOnB.closed).toBe(CLOSE_CODES.forbidden);
    expect(ownerOnB.provider.wsconnected).toBe(true);

    // A deleted chapter closes its sockets everywhere too.
    await push(manuscriptChapters, c, { ...c, _deleted: true, updatedAt: 2 });
    expect(await ownerOnB.closed).toBe(CLOSE_CODES.unknownDocument);
  });

  it('catches up on what was published while its Redis subscription was down', async () => {
    const { owner, editor, docName } = await chapterWithEditor();
    const onA = connect(a.url, docName, { cookie: owner.cookie });
    const onB = connect(b.url, docName, { cookie: editor.cookie });
    await Promise.all([onA.synced, onB.synced]);
    const admin = await connectRedis(two.redisUrl);
    try {
      // Both instances' subscriber connections drop (node-redis reconnects after 50 ms or more); an
      // edit typed on A a moment later is stored and published while B hears nothing.
      await admin.commands.sendCommand(['CLIENT', 'KILL', 'TYPE', 'pubsub']);
      typeParagraph(onA, 'While down.');
      await waitFor(() => docText(onB.doc).includes('While down.') && docText(onB.doc) === docText(onA.doc));
    } finally {
      await admin.close();
    }
  });

  // Deterministic, so a failure reproduces (as in convergence.test.ts).
  function prng(seed: number) {
    let x = seed;
    return () => (x = (x * 1103515245 + 12345) % 2 ** 31) / 2 ** 31;
  }

  // A restart is a process start: the hooks' allowance (START_TIMEOUT_MS), not the default.
  it('converges after random edits on both instances, disconnects and a restart of one instance', { timeout: START_TIMEOUT_MS }, async () => {
    const random = prng(Number(process.env.QUIRE_CONVERGENCE_SEED ?? 7));
    const owner = await buildSignedInUser(two.ctx, { roles: ['author'] });
    const { id, docNames } = await buildManuscript(two.ctx, owner.user.id);
    const name = docNames[0]!;
    const cookies = [owner.cookie];
    for (let i = 0; i < 3; i++) {
      const editor = await buildSignedInUser(two.ctx);
      await addMember(two.ctx, id, editor.user.id, 'editor');
      cookies.push(editor.cookie);
    }
    // Even clients on A, odd ones on B.
    const editors = cookies.map((cookie, i) => connect(i % 2 === 0 ? a.url : b.url, name, { cookie }));
    await Promise.all(editors.map((c) => c.synced));
    const typed: string[] = [];
    for (let round = 0; round < 80; round++) {
      // B goes away (its clients keep typing offline and retry), then comes back on the same port.
      if (round === 30) await two.b.stop();
      if (round === 55) await two.b.start();
      const client = editors[Math.floor(random() * editors.length)]!;
      if (random() < 0.15) {
        if (client.provider.wsconnected) client.provider.disconnect();
        else client.provider.connect();
      } else {
        const word = `w${round}`;
        const root = client.doc.get('root', Y.XmlText);
        root.insert(Math.floor(random() * (root.length + 1)), `${word} `);
        typed.push(word);
      }
      if (random() < 0.3) await new Promise((r) => setTimeout(r, 5));
    }
    for (const client of editors) if (!client.provider.shouldConnect) client.provider.connect();
    await waitFor(() => editors.every((c) => c.provider.synced && rootText(c.doc) === rootText(editors[0]!.doc)), 15_000);
    const finalText = rootText(editors[0]!.doc);
    const sorted = (text: string) => [...text].sort().join('');
    expect(sorted(finalText)).toBe(sorted(typed.map((w) => `${w} `).join('')));

    // A fresh editor on either instance and the database agree with the replicas.
    const freshA = connect(a.url, name, { cookie: owner.cookie });
    const freshB = connect(b.url, name, { cookie: owner.cookie });
    await Promise.all([freshA.synced, freshB.synced]);
    expect(rootText(freshA.doc)).toBe(finalText);
    expect(rootText(freshB.doc)).toBe(finalText);
    const stored = await two.ctx.collab.store.load(name);
    const persisted = new Y.Doc();
    if (stored.snapshot) Y.applyUpdate(persisted, stored.snapshot);
    for (const update of stored.updates) Y.applyUpdate(persisted, update);
    expect(rootText(persisted)).toBe(finalText);
    persisted.destroy();
  });
});
