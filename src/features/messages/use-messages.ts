/**
 * Messages read from the replicated collection: conversations, one thread, unread counts, and
 * sending. Everything is local first — a message is written to this device and replication
 * pushes it; until the server acknowledges it, the sync engine lists it as pending.
 */
import { useCallback, useMemo } from 'react';
import { conversationIdOf, type Message } from '../../../sync/collections/messages';
import { cleanText } from '../../../sync/support/text';
import { useCollection, useLiveDocs } from '../../db/use-live-docs';
import { useSyncState } from '../../db/use-database';

export interface Conversation {
  id: string;
  otherId: string;
  otherName: string;
  last: Message;
  unread: number;
}

export interface Person {
  id: string;
  name: string;
}

// Sorted here rather than in the query: sentAt is not indexed (numbers need RxDB index bounds)
// and a person's messages are few enough to sort in memory.
function byTime(a: Message, b: Message): number {
  return a.sentAt - b.sentAt || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0);
}

/** The person on the other side of `message`, seen by `me`. */
function otherOf(message: Message, me: string): Person {
  return message.senderId === me ? { id: message.recipientId, name: message.recipientName } : { id: message.senderId, name: message.senderName };
}

/** Every conversation of `me`, the latest first. */
export function useConversations(me: string): { conversations: Conversation[]; loading: boolean } {
  const { docs, loading } = useLiveDocs('messages');
  const conversations = useMemo(() => {
    const byId = new Map<string, Conversation>();
    for (const m of [...docs].sort(byTime).reverse()) {
      let c = byId.get(m.conversationId);
      if (!c) {
        const other = otherOf(m, me);
        byId.set(m.conversationId, (c = { id: m.conversationId, otherId: other.id, otherName: other.name, last: m, unread: 0 }));
      }
      if (m.recipientId === me && m.readAt === null) c.unread++;
    }
    return [...byId.values()];
  }, [docs, me]);
  return { conversations, loading };
}

export function useThread(conversationId: string): { messages: Message[]; loading: boolean } {
  const { docs, loading } = useLiveDocs('messages', { selector: { conversationId } });
  const messages = useMemo(() => [...docs].sort(byTime), [docs]);
  return { messages, loading };
}

/** Ids of this device's messages the server has not acknowledged yet. */
export function usePendingMessageIds(): ReadonlySet<string> {
  const { pendingKeys } = useSyncState();
  return useMemo(() => new Set(pendingKeys.filter((k) => k.startsWith('messages:')).map((k) => k.slice('messages:'.length))), [pendingKeys]);
}

export function useSendMessage(me: Person) {
  const collection = useCollection('messages');
  return useCallback(
    async (to: Person, text: string) => {
      if (!collection) throw new Error('Messages are still opening on this device.');
      // The server refuses what cleanText would change (control and bidi characters).
      const body = cleanText(text);
      if (!body) return;
      const now = Date.now();
      await collection.insert({
        id: crypto.randomUUID(),
        conversationId: conversationIdOf(me.id, to.id),
        senderId: me.id,
        recipientId: to.id,
        senderName: me.name,
        recipientName: to.name,
        body,
        sentAt: now,
        readAt: null,
        updatedAt: now,
      });
    },
    [collection, me.id, me.name],
  );
}

/** Mark what `me` received in the thread read; only the recipient may (the server checks too). */
export function useMarkThreadRead(me: string) {
  const collection = useCollection('messages');
  return useCallback(
    async (conversationId: string) => {
      if (!collection) return;
      const unread = await collection.find({ selector: { conversationId, recipientId: me, readAt: null } }).exec();
      const now = Date.now();
      await Promise.all(unread.map((d) => d.incrementalPatch({ readAt: now, updatedAt: now })));
    },
    [collection, me],
  );
}
