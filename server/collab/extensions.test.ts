/** The small single-purpose pieces: connection limit, logging, and the per-document queue. */
import * as encoding from 'lib0/encoding';
import { afterEach, describe, expect, it } from 'vitest';
import * as Y from 'yjs';
import { CLOSE_CODES, type CollabRole } from '../../sync/collab/close-codes';
import { buildSignedInUser } from '../admin/test-helpers';
import { ConnectionLimit } from './connection-limit';
import { chapterUpdateFromParagraphs } from './lexical-doc';
import { createCollabLog } from './log';
import { encodeUpdate } from './protocol';
import { SharedDoc, type CollabConnection } from './shared-doc';
import { buildManuscript, connectClient, startCollabServer, tempDataDir, type TestClient } from './test-helpers';

function fakeConn(role: CollabRole) {
  const sent: Uint8Array[] = [];
  const closes: number[] = [];
  const conn: CollabConnection = { userId: 'u', role, send: (m) => sent.push(m), close: (code) => closes.push(code) };
  return { conn, sent, closes };
}

const cleanups: (() => Promise<void> | void)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

describe('connection limit', () => {
  it('counts sockets per user and frees them', () => {
    const limit = new ConnectionLimit(2);
    expect([limit.tryTake('a'), limit.tryTake('a'), limit.tryTake('a'), limit.tryTake('b')]).toEqual([true, true, false, true]);
    limit.release('a');
    expect(limit.tryTake('a')).toBe(true);
    expect(limit.count('a')).toBe(2);
  });

  it('closes the socket over the limit with 4429', async () => {
    const running = await startCollabServer(tempDataDir(), { maxConnectionsPerUser: 1 });
    cleanups.push(() => running.close());
    const { user, cookie } = await buildSignedInUser(running.ctx);
    const { docNames } = await buildManuscript(running.ctx, user.id, 2);
    const first: TestClient = connectClient(running.url, docNames[0]!, { cookie });
    cleanups.push(() => first.destroy());
    await first.synced;
    const second = connectClient(running.url, docNames[1]!, { cookie });
    cleanups.push(() => second.destroy());
    expect(await second.closed).toBe(CLOSE_CODES.tooManyConnections);
  });
});

describe('collab log', () => {
  it('always writes failures, routine events only when verbose', () => {
    const lines: string[] = [];
    const quiet = createCollabLog({ verbose: false, write: (l) => lines.push(l) });
    quiet('opened', { doc: 'chapter:1' });
    quiet('persist-failed', { doc: 'chapter:1' });
    expect(lines.map((l) => JSON.parse(l).event)).toEqual(['persist-failed']);
    createCollabLog({ verbose: true, write: (l) => lines.push(l) })('opened', { doc: 'chapter:1' });
    expect(JSON.parse(lines[1]!)).toEqual({ scope: 'collab', event: 'opened', doc: 'chapter:1' });
  });
});

describe('shared document queue', () => {
  const update = chapterUpdateFromParagraphs(['Hello.']);

  it('closes a socket that sends garbage with 4422', async () => {
    const shared = new SharedDoc('chapter:x', new Y.Doc(), { persist: async () => {}, changed: () => {}, log: () => {} });
    const { conn, closes } = fakeConn('editor');
    shared.add(conn);
    const encoder = encoding.createEncoder();
    encoding.writeVarUint(encoder, 99);
    shared.receive(conn, encoding.toUint8Array(encoder));
    await shared.idle();
    expect(closes).toEqual([CLOSE_CODES.malformedMessage]);
    shared.destroy();
  });

  /** A document with a writer and a reader on it, whose storage fails while `storage.fail` is set. */
  function docWithFailingStorage() {
    const storage = { fail: false, persisted: [] as Uint8Array[], published: [] as Uint8Array[] };
    const shared = new SharedDoc('chapter:x', new Y.Doc(), {
      persist: async (_name, u) => {
        if (storage.fail) throw new Error('disk full');
        storage.persisted.push(u);
      },
      changed: () => {},
      log: () => {},
      relay: { update: (u) => storage.published.push(u), awareness: () => {} },
    });
    const writer = fakeConn('editor');
    const reader = fakeConn('viewer');
    shared.add(writer.conn);
    shared.add(reader.conn);
    return { shared, storage, writer, reader, before: reader.sent.length };
  }

  it('broadcasts an update only after it was persisted, and not when persisting fails', async () => {
    const { shared, storage, writer, reader, before } = docWithFailingStorage();
    const { persisted } = storage;
    shared.receive(writer.conn, encodeUpdate(update));
    await shared.idle();
    expect(persisted).toHaveLength(1);
    expect(reader.sent.length).toBe(before + 1);

    storage.fail = true;
    shared.receive(writer.conn, encodeUpdate(chapterUpdateFromParagraphs(['Lost?'])));
    await shared.idle();
    expect(reader.sent.length).toBe(before + 1);
    expect(writer.closes).toEqual([CLOSE_CODES.serverError]);
    shared.destroy();
  });

  it('stores, publishes and broadcasts an edit whose persisting failed with the next update, even a resent one', async () => {
    const { shared, storage, writer, reader, before } = docWithFailingStorage();
    const { persisted, published } = storage;
    storage.fail = true;
    shared.receive(writer.conn, encodeUpdate(update));
    await shared.idle();
    expect(writer.closes).toEqual([CLOSE_CODES.serverError]);

    // The editor reconnects and sends its state again: nothing new to the document, but what it
    // holds unsaved is stored now and reaches the other instances and the other sockets.
    storage.fail = false;
    const again = fakeConn('editor');
    shared.add(again.conn);
    shared.receive(again.conn, encodeUpdate(update));
    await shared.idle();
    expect(persisted).toHaveLength(1);
    expect(published).toEqual(persisted);
    expect(reader.sent.length).toBe(before + 1);
    const copy = new Y.Doc();
    Y.applyUpdate(copy, persisted[0]!);
    expect(Y.encodeStateVector(copy)).toEqual(Y.encodeStateVector(shared.doc));
    shared.destroy();
  });

  it('does not persist an update it already has', async () => {
    const persisted: Uint8Array[] = [];
    const shared = new SharedDoc('chapter:x', new Y.Doc(), { persist: async (_n, u) => void persisted.push(u), changed: () => {}, log: () => {} });
    const { conn } = fakeConn('owner');
    shared.add(conn);
    shared.receive(conn, encodeUpdate(update));
    shared.receive(conn, encodeUpdate(update));
    await shared.idle();
    expect(persisted).toHaveLength(1);
    shared.destroy();
  });
});
