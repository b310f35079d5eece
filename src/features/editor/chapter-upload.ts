/**
 * The client half of one background upload over the y-websocket protocol, free of sockets so it
 * is tested with plain Yjs documents. On the server's sync step 1 (its state vector) it sends what
 * the server lacks, then asks for the server's whole state (a sync step 1 with an empty state
 * vector). The server handles a socket's messages in order and stores an update before it answers
 * the next message, so that answer is what the server holds after the upload: acknowledged when it
 * holds everything this device has.
 */
import * as decoding from 'lib0/decoding';
import * as encoding from 'lib0/encoding';
import * as syncProtocol from 'y-protocols/sync';
import * as Y from 'yjs';

/** y-websocket's type for sync messages; awareness and the rest mean nothing to an upload. */
const MESSAGE_SYNC = 0;

/** `not-taken`: the server answered without the upload (it drops a read-only role's updates). */
export type UploadOutcome = 'waiting' | 'acknowledged' | 'not-taken';

export function coversStateVector(server: Map<number, number>, local: Map<number, number>): boolean {
  for (const [client, clock] of local) if ((server.get(client) ?? 0) < clock) return false;
  return true;
}

const stateVectorOf = (update: Uint8Array) => Y.decodeStateVector(Y.encodeStateVectorFromUpdate(update));

/**
 * Whether `server` (a document's whole state) holds everything in `local`: every insertion, by
 * state vectors, then every deletion, which state vectors do not record — applying `local` to the
 * server's state must change nothing (the test the server itself uses before storing an update).
 */
export function holdsEverything(server: Uint8Array, local: Uint8Array): boolean {
  if (!coversStateVector(stateVectorOf(server), stateVectorOf(local))) return false;
  const probe = new Y.Doc();
  Y.applyUpdate(probe, server);
  let changed = false;
  probe.on('update', () => (changed = true));
  Y.applyUpdate(probe, local);
  probe.destroy();
  return !changed;
}

/** Backed by a plain ArrayBuffer, as WebSocket.send wants. */
function syncMessage(kind: number, payload: Uint8Array): Uint8Array<ArrayBuffer> {
  const encoder = encoding.createEncoder();
  encoding.writeVarUint(encoder, MESSAGE_SYNC);
  encoding.writeVarUint(encoder, kind);
  encoding.writeVarUint8Array(encoder, payload);
  return new Uint8Array(encoding.toUint8Array(encoder));
}

export class ChapterUpload {
  /** This device's whole state when it was sent. */
  private sent: Uint8Array | null = null;

  constructor(
    private readonly doc: Y.Doc,
    private readonly send: (message: Uint8Array<ArrayBuffer>) => void,
  ) {}

  receive(message: Uint8Array): UploadOutcome {
    const decoder = decoding.createDecoder(message);
    if (decoding.readVarUint(decoder) !== MESSAGE_SYNC) return 'waiting';
    const kind = decoding.readVarUint(decoder);
    const payload = decoding.readVarUint8Array(decoder);
    if (kind === syncProtocol.messageYjsSyncStep1) {
      this.sent = Y.encodeStateAsUpdate(this.doc);
      this.send(syncMessage(syncProtocol.messageYjsUpdate, Y.encodeStateAsUpdate(this.doc, payload)));
      this.send(syncMessage(syncProtocol.messageYjsSyncStep1, Y.encodeStateVector(new Map())));
      return 'waiting';
    }
    // The server's own changes (its answer, or a co-author's update): this device keeps them too.
    Y.applyUpdate(this.doc, payload, this);
    if (kind !== syncProtocol.messageYjsSyncStep2 || !this.sent) return 'waiting';
    return holdsEverything(payload, this.sent) ? 'acknowledged' : 'not-taken';
  }
}
