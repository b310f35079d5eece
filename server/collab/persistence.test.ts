/**
 * Persistence extension: append before broadcast, compaction, unload when the last client
 * leaves, the rendering table, and content surviving a restart on the same DATA_DIR.
 */
import fs from 'node:fs';
import { afterEach, describe, expect, it } from 'vitest';
import { buildSignedInUser } from '../admin/test-helpers';
import type { RunningServer } from '../server';
import {
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

const cleanups: (() => Promise<void> | void)[] = [];

afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

async function setup(dataDir: string, collab: Parameters<typeof startCollabServer>[1] = {}) {
  const running = await startCollabServer(dataDir, collab);
  cleanups.push(() => running.close());
  return running;
}

function connect(running: RunningServer, docName: string, cookie: string): TestClient {
  const client = connectClient(running.url, docName, { cookie });
  cleanups.push(() => client.destroy());
  return client;
}

async function updateRows(running: RunningServer, docName: string) {
  return running.collab.store.updateCount(docName);
}

describe('collab persistence', () => {
  it('keeps content across a server restart', async () => {
    const dataDir = tempDataDir();
    cleanups.push(() => fs.rmSync(dataDir, { recursive: true, force: true }));
    let running = await startCollabServer(dataDir);
    const { user, cookie } = await buildSignedInUser(running.ctx, { roles: ['author'] });
    const { docNames } = await buildManuscript(running.ctx, user.id);
    const name = docNames[0]!;
    const writer = connectClient(running.url, name, { cookie });
    await writer.synced;
    typeParagraph(writer, 'Written before the restart.');
    await waitFor(async () => (await persistedText(running.ctx, name)) === 'Written before the restart.');
    writer.destroy();
    await running.close();

    running = await setup(dataDir);
    const reader = connect(running, name, cookie);
    await reader.synced;
    expect(docText(reader.doc)).toBe('Written before the restart.');
  });

  it('appends every update, compacts after N of them without losing content', async () => {
    const running = await setup(tempDataDir(), { compactAfter: 3 });
    const { user, cookie } = await buildSignedInUser(running.ctx, { roles: ['author'] });
    const { docNames } = await buildManuscript(running.ctx, user.id);
    const name = docNames[0]!;
    const a = connect(running, name, cookie);
    const b = connect(running, name, cookie);
    await Promise.all([a.synced, b.synced]);
    for (let i = 1; i <= 5; i++) {
      typeParagraph(a, `Line ${i}.`);
      await waitFor(() => docText(b.doc).includes(`Line ${i}.`));
    }
    // Compacted after the third update; the fourth and fifth are in the log.
    expect(await updateRows(running, name)).toBe(2);
    const snapshot = await running.ctx.db.selectFrom('collabSnapshots').select('docName').where('docName', '=', name).executeTakeFirst();
    expect(snapshot).toBeDefined();
    expect(await persistedText(running.ctx, name)).toBe('Line 1.\n\nLine 2.\n\nLine 3.\n\nLine 4.\n\nLine 5.');
  });

  it('compacts, renders and unloads a document when its last client leaves', async () => {
    const running = await setup(tempDataDir());
    const { user, cookie } = await buildSignedInUser(running.ctx, { roles: ['author'] });
    const { docNames } = await buildManuscript(running.ctx, user.id);
    const name = docNames[0]!;
    await seedChapter(running.ctx, name, ['A seeded opening.']);
    const a = connectClient(running.url, name, { cookie });
    const b = connectClient(running.url, name, { cookie });
    await Promise.all([a.synced, b.synced]);
    expect(running.collab.registry.loaded()).toEqual([name]);
    typeParagraph(a, 'Then the middle.');
    await waitFor(() => docText(b.doc).includes('Then the middle.'));
    expect(await updateRows(running, name)).toBe(1);

    a.destroy();
    await new Promise((r) => setTimeout(r, 50));
    expect(running.collab.registry.loaded()).toEqual([name]); // one client is still there
    b.destroy();
    await waitFor(() => running.collab.registry.loaded().length === 0);
    await running.collab.registry.settled();

    expect(await updateRows(running, name)).toBe(0);
    expect(await persistedText(running.ctx, name)).toBe('A seeded opening.\n\nThen the middle.');
    const render = await running.collab.store.getRender(name);
    expect(render?.text).toBe('A seeded opening.\n\nThen the middle.');
    expect(render?.wordCount).toBe(6);
    expect(render?.html).toContain('<p');
    expect(render?.html).toContain('Then the middle.');
  });

  it('keeps the rendering up to date while people type (debounced)', async () => {
    const running = await setup(tempDataDir(), { renderTiming: { debounce: 30, maxWait: 100 } });
    const { user, cookie } = await buildSignedInUser(running.ctx, { roles: ['author'] });
    const { docNames } = await buildManuscript(running.ctx, user.id);
    const name = docNames[0]!;
    const a = connect(running, name, cookie);
    await a.synced;
    typeParagraph(a, 'Chapter One');
    typeParagraph(a, 'The kettle sang.');
    await waitFor(async () => (await running.collab.store.getRender(name))?.wordCount === 5);
    expect((await running.collab.store.getRender(name))?.text).toBe('Chapter One\n\nThe kettle sang.');
  });
});
