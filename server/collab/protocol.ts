/**
 * The y-websocket wire protocol (what the stock `y-websocket` client speaks): every message starts
 * with a varuint type; sync messages carry a y-protocols sync sub-message. Written out here rather
 * than through `syncProtocol.readSyncMessage` because the server must see each update before Yjs
 * applies it: to drop it for read-only roles and to persist it before anyone else receives it.
 */
import * as decoding from 'lib0/decoding';
import * as encoding from 'lib0/encoding';
import * as awarenessProtocol from 'y-protocols/awareness';
import * as syncProtocol from 'y-protocols/sync';
import type * as Y from 'yjs';

const MESSAGE_SYNC = 0;
export const MESSAGE_AWARENESS = 1;
const MESSAGE_AUTH = 2;
const MESSAGE_QUERY_AWARENESS = 3;

export type Incoming =
  | { type: 'sync-step-1'; stateVector: Uint8Array }
  | { type: 'update'; update: Uint8Array }
  | { type: 'awareness'; update: Uint8Array }
  | { type: 'query-awareness' }
  | { type: 'ignored' };

/** Decode one client message; throws on anything that is not the protocol. */
export function decodeMessage(data: Uint8Array): Incoming {
  const decoder = decoding.createDecoder(data);
  const type = decoding.readVarUint(decoder);
  switch (type) {
    case MESSAGE_SYNC: {
      const sub = decoding.readVarUint(decoder);
      const payload = decoding.readVarUint8Array(decoder);
      if (sub === syncProtocol.messageYjsSyncStep1) return { type: 'sync-step-1', stateVector: payload };
      if (sub === syncProtocol.messageYjsSyncStep2 || sub === syncProtocol.messageYjsUpdate) return { type: 'update', update: payload };
      throw new Error(`unknown sync message ${sub}`);
    }
    case MESSAGE_AWARENESS:
      return { type: 'awareness', update: decoding.readVarUint8Array(decoder) };
    case MESSAGE_QUERY_AWARENESS:
      return { type: 'query-awareness' };
    case MESSAGE_AUTH:
      return { type: 'ignored' }; // clients never send auth messages that matter to the server
    default:
      throw new Error(`unknown message type ${type}`);
  }
}

function message(write: (encoder: encoding.Encoder) => void): Uint8Array {
  const encoder = encoding.createEncoder();
  write(encoder);
  return encoding.toUint8Array(encoder);
}

export function encodeSyncStep1(doc: Y.Doc): Uint8Array {
  return message((e) => {
    encoding.writeVarUint(e, MESSAGE_SYNC);
    syncProtocol.writeSyncStep1(e, doc);
  });
}

export function encodeSyncStep2(doc: Y.Doc, stateVector: Uint8Array): Uint8Array {
  return message((e) => {
    encoding.writeVarUint(e, MESSAGE_SYNC);
    syncProtocol.writeSyncStep2(e, doc, stateVector);
  });
}

export function encodeUpdate(update: Uint8Array): Uint8Array {
  return message((e) => {
    encoding.writeVarUint(e, MESSAGE_SYNC);
    syncProtocol.writeUpdate(e, update);
  });
}

export function encodeAwareness(awareness: awarenessProtocol.Awareness, clients: number[]): Uint8Array {
  return message((e) => {
    encoding.writeVarUint(e, MESSAGE_AWARENESS);
    encoding.writeVarUint8Array(e, awarenessProtocol.encodeAwarenessUpdate(awareness, clients));
  });
}

/** One entry of an awareness update; `state` is the JSON text, still encoded (UTF-8). */
export interface AwarenessEntry {
  clientID: number;
  clock: number;
  state: Uint8Array;
}

/** Split an awareness update (y-protocols' format) into its entries; throws if it is not one. */
export function decodeAwarenessEntries(update: Uint8Array): AwarenessEntry[] {
  const decoder = decoding.createDecoder(update);
  const entries: AwarenessEntry[] = [];
  for (let n = decoding.readVarUint(decoder); n > 0; n--) {
    entries.push({ clientID: decoding.readVarUint(decoder), clock: decoding.readVarUint(decoder), state: decoding.readVarUint8Array(decoder) });
  }
  return entries;
}

export function encodeAwarenessEntries(entries: readonly AwarenessEntry[]): Uint8Array {
  return message((e) => {
    encoding.writeVarUint(e, entries.length);
    for (const { clientID, clock, state } of entries) {
      encoding.writeVarUint(e, clientID);
      encoding.writeVarUint(e, clock);
      encoding.writeVarUint8Array(e, state); // a var-string is its UTF-8 bytes with their length
    }
  });
}
