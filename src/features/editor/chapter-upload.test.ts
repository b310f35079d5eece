import * as decoding from 'lib0/decoding';
import * as encoding from 'lib0/encoding';
import * as syncProtocol from 'y-protocols/sync';
import { describe, expect, it } from 'vitest';
import * as Y from 'yjs';
import { ChapterUpload, coversStateVector, holdsEverything } from './chapter-upload';

function docWith(text: string): Y.Doc {
  const doc = new Y.Doc();
  doc.getText('t').insert(0, text);
  return doc;
}

function copyOf(doc: Y.Doc): Y.Doc {
  const copy = new Y.Doc();
  Y.applyUpdate(copy, Y.encodeStateAsUpdate(doc));
  return copy;
}

/**
 * A server as Quire's speaks the y-websocket protocol (server/collab/shared-doc.ts): its sync
 * step 1 first, then each client message in order — a step 1 answered with a step 2, an update
 * applied (unless the role is read-only) before the next message is read.
 */
function fakeServer(doc: Y.Doc, { readOnly = false } = {}) {
  const message = (write: (e: encoding.Encoder) => void) => {
    const e = encoding.createEncoder();
    encoding.writeVarUint(e, 0);
    write(e);
    return encoding.toUint8Array(e);
  };
  return {
    hello: () => message((e) => syncProtocol.writeSyncStep1(e, doc)),
    handle(data: Uint8Array): Uint8Array[] {
      const d = decoding.createDecoder(data);
      expect(decoding.readVarUint(d)).toBe(0);
      const kind = decoding.readVarUint(d);
      const payload = decoding.readVarUint8Array(d);
      if (kind === syncProtocol.messageYjsSyncStep1) return [message((e) => syncProtocol.writeSyncStep2(e, doc, payload))];
      if (!readOnly) Y.applyUpdate(doc, payload);
      return [];
    },
    update: (update: Uint8Array) => message((e) => syncProtocol.writeUpdate(e, update)),
  };
}

/** Runs one upload to the end; returns its outcome. */
function run(local: Y.Doc, server: ReturnType<typeof fakeServer>, before?: (upload: ChapterUpload) => void) {
  const outbox: Uint8Array[] = [];
  const upload = new ChapterUpload(local, (m) => outbox.push(m));
  before?.(upload);
  let outcome = upload.receive(server.hello());
  while (outcome === 'waiting' && outbox.length > 0) {
    for (const answer of server.handle(outbox.shift()!)) outcome = upload.receive(answer);
  }
  return outcome;
}

describe('state vectors', () => {
  it('covers when the server has every clock of every client this device has', () => {
    expect(
      coversStateVector(
        new Map([
          [1, 5],
          [2, 3],
        ]),
        new Map([[1, 5]]),
      ),
    ).toBe(true);
    expect(coversStateVector(new Map([[1, 4]]), new Map([[1, 5]]))).toBe(false);
    expect(coversStateVector(new Map(), new Map([[7, 1]]))).toBe(false);
    expect(coversStateVector(new Map(), new Map())).toBe(true);
  });

  it('holds everything: insertions by state vector, deletions by applying', () => {
    const server = docWith('Opening line.');
    const local = copyOf(server);
    expect(holdsEverything(Y.encodeStateAsUpdate(server), Y.encodeStateAsUpdate(local))).toBe(true);

    local.getText('t').insert(13, ' More.');
    expect(holdsEverything(Y.encodeStateAsUpdate(server), Y.encodeStateAsUpdate(local))).toBe(false);

    // A deletion changes no state vector, yet the server lacks it.
    const deleted = copyOf(server);
    deleted.getText('t').delete(0, 8);
    expect(Y.encodeStateVector(deleted)).toEqual(Y.encodeStateVector(server));
    expect(holdsEverything(Y.encodeStateAsUpdate(server), Y.encodeStateAsUpdate(deleted))).toBe(false);
  });
});

describe('ChapterUpload', () => {
  it('sends what the server lacks and is acknowledged once the server holds it', () => {
    const serverDoc = docWith('Opening line.');
    const local = copyOf(serverDoc);
    local.getText('t').insert(13, ' Written on the train.');
    local.getText('t').delete(0, 8);

    expect(run(local, fakeServer(serverDoc))).toBe('acknowledged');
    expect(serverDoc.getText('t').toString()).toBe('line. Written on the train.');
  });

  it('keeps what co-authors wrote meanwhile on this device', () => {
    const serverDoc = docWith('Opening line.');
    const local = copyOf(serverDoc);
    local.getText('t').insert(0, 'Mine. ');
    serverDoc.getText('t').insert(13, ' Theirs.');

    expect(run(local, fakeServer(serverDoc))).toBe('acknowledged');
    expect(local.getText('t').toString()).toBe(serverDoc.getText('t').toString());
    expect(local.getText('t').toString()).toContain('Theirs.');
  });

  it('is acknowledged at once when nothing is missing, and ignores broadcasts before the answer', () => {
    const serverDoc = docWith('Same.');
    const local = copyOf(serverDoc);
    const server = fakeServer(serverDoc);
    const other = copyOf(serverDoc);
    other.getText('t').insert(5, ' Live.');
    expect(run(local, server, (upload) => expect(upload.receive(server.update(Y.encodeStateAsUpdate(other)))).toBe('waiting'))).toBe('acknowledged');
    expect(local.getText('t').toString()).toBe('Same. Live.');
  });

  it('is not taken when the server answers without the upload (a read-only role)', () => {
    const serverDoc = docWith('Opening line.');
    const local = copyOf(serverDoc);
    local.getText('t').insert(13, ' Dropped.');
    expect(run(local, fakeServer(serverDoc, { readOnly: true }))).toBe('not-taken');
  });

  it('ignores awareness and other messages', () => {
    const upload = new ChapterUpload(new Y.Doc(), () => undefined);
    const e = encoding.createEncoder();
    encoding.writeVarUint(e, 1);
    encoding.writeVarUint8Array(e, new Uint8Array([0]));
    expect(upload.receive(encoding.toUint8Array(e))).toBe('waiting');
  });
});
