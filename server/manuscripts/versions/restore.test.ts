/**
 * Restore over real sockets: two stock y-websocket clients on a chapter, a named version saved
 * and restored through the HTTP API. The restore is a new change on the live document, so both
 * clients converge on the old text, keep editing together, and the replaced state is kept.
 */
import { afterEach, describe, expect, it } from 'vitest';
import type { VersionListResponse, VersionResponse } from '../../../sync/api/versions';
import { buildSignedInUser } from '../../admin/test-helpers';
import {
  addMember,
  buildManuscript,
  connectClient,
  docText,
  persistedText,
  startCollabServer,
  tempDataDir,
  typeParagraph,
  waitFor,
  type TestClient,
} from '../../collab/test-helpers';
import type { RunningServer } from '../../server';

const cleanups: (() => Promise<void> | void)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

function api(running: RunningServer, cookie: string) {
  return (path: string, init: { method?: string; json?: unknown } = {}) =>
    fetch(`${running.url}${path}`, {
      method: init.method ?? 'GET',
      headers: { cookie, origin: running.url, 'content-type': 'application/json' },
      body: init.json === undefined ? undefined : JSON.stringify(init.json),
    });
}

describe('restoring a version', () => {
  it('puts the old text back as a new change that every client converges on', async () => {
    const running = await startCollabServer(tempDataDir());
    cleanups.push(() => running.close());
    const author = await buildSignedInUser(running.ctx, { roles: ['author'] });
    const coauthor = await buildSignedInUser(running.ctx);
    const { id, chapterIds, docNames } = await buildManuscript(running.ctx, author.user.id);
    await addMember(running.ctx, id, coauthor.user.id, 'editor');
    const docName = docNames[0]!;
    const base = `/api/chapters/${chapterIds[0]}/versions`;
    const call = api(running, author.cookie);

    const a: TestClient = connectClient(running.url, docName, { cookie: author.cookie });
    const b: TestClient = connectClient(running.url, docName, { cookie: coauthor.cookie });
    cleanups.push(
      () => a.destroy(),
      () => b.destroy(),
    );
    await Promise.all([a.synced, b.synced]);

    typeParagraph(a, 'The first draft.');
    await waitFor(() => docText(b.doc) === 'The first draft.');
    const saved = await call(base, { method: 'POST', json: { name: 'Draft one' } });
    expect(saved.status).toBe(201);
    const { version } = (await saved.json()) as VersionResponse;

    typeParagraph(b, 'A rewrite nobody liked.');
    await waitFor(() => docText(a.doc).includes('nobody liked'));

    const restored = await call(`${base}/${version.id}/restore`, { method: 'POST' });
    expect(restored.status).toBe(200);
    await waitFor(() => docText(a.doc) === 'The first draft.' && docText(b.doc) === 'The first draft.');
    expect(await persistedText(running.ctx, docName)).toBe('The first draft.');

    // Editing goes on from the restored text on both sides.
    typeParagraph(b, 'Onwards.');
    await waitFor(() => docText(a.doc) === 'The first draft.\n\nOnwards.');

    // What the restore replaced is kept, so the restore can itself be undone.
    const { versions } = (await (await call(base)).json()) as VersionListResponse;
    const before = versions.find((v) => v.reason === 'restore');
    expect(before).toMatchObject({ kind: 'auto', author: { id: author.user.id } });
    const html = ((await (await call(`${base}/${before!.id}`)).json()) as { html: string }).html;
    expect(html).toContain('A rewrite nobody liked.');
  });

  it('restores into a chapter nobody has open, and the next client loads the old text', async () => {
    const running = await startCollabServer(tempDataDir());
    cleanups.push(() => running.close());
    const author = await buildSignedInUser(running.ctx, { roles: ['author'] });
    const { chapterIds, docNames } = await buildManuscript(running.ctx, author.user.id);
    const docName = docNames[0]!;
    const base = `/api/chapters/${chapterIds[0]}/versions`;
    const call = api(running, author.cookie);

    const a = connectClient(running.url, docName, { cookie: author.cookie });
    await a.synced;
    typeParagraph(a, 'Kept for later.');
    await waitFor(async () => (await persistedText(running.ctx, docName)) === 'Kept for later.');
    const { version } = (await (await call(base, { method: 'POST', json: { name: 'Keep' } })).json()) as VersionResponse;
    typeParagraph(a, 'Then more.');
    await waitFor(async () => (await persistedText(running.ctx, docName)).includes('Then more.'));
    a.destroy();
    await running.collab.registry.settled();

    expect((await call(`${base}/${version.id}/restore`, { method: 'POST' })).status).toBe(200);
    await running.collab.registry.settled();
    const c = connectClient(running.url, docName, { cookie: author.cookie });
    cleanups.push(() => c.destroy());
    await c.synced;
    expect(docText(c.doc)).toBe('Kept for later.');
  });
});
