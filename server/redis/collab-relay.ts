/**
 * The collaboration relay over Redis pub/sub (server/collab/relay.ts): one channel per live
 * document, `quire:collab:doc:{docName}`, and one for access changes. Every message carries the
 * publishing instance's id, so an instance ignores its own (the subscriber hears its own publishes)
 * and nothing echoes. Pub/sub keeps no history: an instance that loads a document subscribes first
 * and reads the database second, and every instance stores an update before publishing it, so each
 * update is either in what it read or in what it hears (docs/decisions/050-collab-over-redis.md).
 */
import { randomUUID } from 'node:crypto';
import * as decoding from 'lib0/decoding';
import * as encoding from 'lib0/encoding';
import type { AccessChange, CollabRelay, DocChannelHandlers } from '../collab/relay';
import type { RedisConnection } from './connection';

const DOC_CHANNEL = 'quire:collab:doc:';
const ACCESS_CHANNEL = 'quire:collab:access';

const UPDATE = 0;
const AWARENESS = 1;
const ASK_PRESENCE = 2;

function frame(instance: string, kind: number, payload: Uint8Array): Buffer {
  const encoder = encoding.createEncoder();
  encoding.writeVarString(encoder, instance);
  encoding.writeVarUint(encoder, kind);
  encoding.writeVarUint8Array(encoder, payload);
  return Buffer.from(encoding.toUint8Array(encoder));
}

function unframe(message: Buffer): { instance: string; kind: number; payload: Uint8Array } {
  const decoder = decoding.createDecoder(new Uint8Array(message.buffer, message.byteOffset, message.byteLength));
  return { instance: decoding.readVarString(decoder), kind: decoding.readVarUint(decoder), payload: decoding.readVarUint8Array(decoder) };
}

function isAccessChange(value: unknown): value is AccessChange {
  const v = value as Partial<AccessChange> | null;
  return !!v && (v.kind === 'manuscript' || v.kind === 'chapter-deleted') && typeof v.id === 'string';
}

export async function createRedisCollabRelay(
  redis: RedisConnection,
  log: (event: string, fields: Record<string, unknown>) => void,
  instance: string = randomUUID(),
): Promise<CollabRelay> {
  const publish = (channel: string, message: Buffer | string) =>
    void redis.commands.publish(channel, message).catch((error: unknown) => log('relay-publish-failed', { channel, error: String(error) }));

  const accessListeners = new Set<(change: AccessChange) => void>();
  const onAccess = (message: string) => {
    let parsed: { instance?: unknown; change?: unknown };
    try {
      parsed = JSON.parse(message) as typeof parsed;
    } catch {
      return;
    }
    if (parsed.instance === instance || !isAccessChange(parsed.change)) return;
    for (const listener of accessListeners) listener(parsed.change);
  };
  await redis.subscriber.subscribe(ACCESS_CHANNEL, onAccess);
  // Connected already, so every later 'ready' is a reconnect (node-redis subscribes again first).
  const resumeListeners = new Set<() => void>();
  const onReady = () => {
    log('relay-resumed', {});
    for (const listener of resumeListeners) listener();
  };
  redis.subscriber.on('ready', onReady);

  return {
    async join(docName: string, handlers: DocChannelHandlers) {
      const channel = DOC_CHANNEL + docName;
      const listener = (message: Buffer) => {
        let decoded;
        try {
          decoded = unframe(message);
        } catch {
          return log('relay-malformed', { doc: docName });
        }
        if (decoded.instance === instance) return;
        if (decoded.kind === UPDATE) handlers.update(decoded.payload);
        else if (decoded.kind === AWARENESS) handlers.awareness(decoded.payload);
        else if (decoded.kind === ASK_PRESENCE) handlers.presenceWanted();
      };
      await redis.subscriber.subscribe(channel, listener, true);
      return {
        publishUpdate: (update) => publish(channel, frame(instance, UPDATE, update)),
        publishAwareness: (update) => publish(channel, frame(instance, AWARENESS, update)),
        askPresence: () => publish(channel, frame(instance, ASK_PRESENCE, new Uint8Array())),
        // Only this listener goes: the same document may be loading again on this instance.
        leave: () =>
          redis.subscriber.unsubscribe(channel, listener, true).catch((error: unknown) => log('relay-leave-failed', { doc: docName, error: String(error) })),
      };
    },
    publishAccessChange(change) {
      publish(ACCESS_CHANNEL, JSON.stringify({ instance, change }));
    },
    onAccessChange(listener) {
      accessListeners.add(listener);
      return () => accessListeners.delete(listener);
    },
    onResume(listener) {
      resumeListeners.add(listener);
      return () => resumeListeners.delete(listener);
    },
    close() {
      redis.subscriber.off('ready', onReady);
      resumeListeners.clear();
      accessListeners.clear();
      // Not awaited: while Redis is down node-redis queues the command until it reconnects; closing
      // the connection right after (as shutdown does) settles it.
      void redis.subscriber.unsubscribe(ACCESS_CHANNEL, onAccess).catch(() => {});
    },
  };
}
