/**
 * Randomised convergence in the style of Yjs's applyRandomTests: several editors type while
 * randomly dropping off and coming back (offline edits included); afterwards every replica, the
 * server's persisted state and a fresh client agree, and nothing typed is lost.
 */
import { afterAll, beforeAll, expect, it } from 'vitest';
import * as Y from 'yjs';
import { buildSignedInUser } from '../admin/test-helpers';
import type { RunningServer } from '../server';
import { addMember, buildManuscript, connectClient, startCollabServer, tempDataDir, waitFor, type TestClient } from './test-helpers';

let running: RunningServer;
beforeAll(async () => {
  running = await startCollabServer(tempDataDir(), { compactAfter: 7 });
});
afterAll(() => running.close());

// Deterministic, so a failure reproduces.
function prng(seed: number) {
  let x = seed;
  return () => (x = (x * 1103515245 + 12345) % 2 ** 31) / 2 ** 31;
}

it('converges after random edits, disconnects and reconnects', async () => {
  const random = prng(Number(process.env.QUIRE_CONVERGENCE_SEED ?? 42));
  const owner = await buildSignedInUser(running.ctx, { roles: ['author'] });
  const { id, docNames } = await buildManuscript(running.ctx, owner.user.id);
  const name = docNames[0]!;
  const cookies = [owner.cookie];
  for (let i = 0; i < 2; i++) {
    const editor = await buildSignedInUser(running.ctx);
    await addMember(running.ctx, id, editor.user.id, 'editor');
    cookies.push(editor.cookie);
  }
  const clients: TestClient[] = cookies.map((cookie) => connectClient(running.url, name, { cookie }));
  await Promise.all(clients.map((c) => c.synced));
  const typed: string[] = [];
  try {
    for (let round = 0; round < 60; round++) {
      const client = clients[Math.floor(random() * clients.length)]!;
      const action = random();
      if (action < 0.15) {
        if (client.provider.wsconnected) client.provider.disconnect();
        else client.provider.connect();
      } else {
        // Plain Yjs text edits at a random place in the root, as concurrent typists would make.
        const word = `w${round}`;
        const root = client.doc.get('root', Y.XmlText);
        root.insert(Math.floor(random() * (root.length + 1)), `${word} `);
        typed.push(word);
      }
      if (random() < 0.3) await new Promise((r) => setTimeout(r, 5));
    }
    for (const client of clients) if (!client.provider.wsconnected) client.provider.connect();
    const rootText = (c: TestClient) => c.doc.get('root', Y.XmlText).toString();
    await waitFor(() => clients.every((c) => c.provider.synced && rootText(c) === rootText(clients[0]!)), 10_000);
    const finalText = rootText(clients[0]!);
    // Concurrent inserts may land inside each other's words; nothing may be lost or doubled.
    const sorted = (text: string) => [...text].sort().join('');
    expect(sorted(finalText)).toBe(sorted(typed.map((w) => `${w} `).join('')));

    // The server's copy on disk agrees with the replicas.
    const fresh = connectClient(running.url, name, { cookie: owner.cookie });
    clients.push(fresh);
    await fresh.synced;
    expect(rootText(fresh)).toBe(finalText);
    const stored = await running.collab.store.load(name);
    const persisted = new Y.Doc();
    if (stored.snapshot) Y.applyUpdate(persisted, stored.snapshot);
    for (const update of stored.updates) Y.applyUpdate(persisted, update);
    expect(persisted.get('root', Y.XmlText).toString()).toBe(finalText);
    persisted.destroy();
  } finally {
    for (const client of clients) client.destroy();
  }
});
