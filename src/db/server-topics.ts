/**
 * Server views that are not replicated but announce their changes on the sync stream (a `topic`
 * event, sync/replication/stream.ts) — the staff support inbox: a page showing one asks its API
 * again. Free of rxdb, like sync-state.ts, so a page listens without loading the database. Only
 * the leader tab holds the stream; database-loader.ts passes its topics to the other tabs.
 */
import { useEffect, useRef } from 'react';
import type { StreamTopic } from '../../sync/replication/stream';

/** A topic, or null: the stream (re)connected and may have missed any of them. */
type TopicListener = (topic: StreamTopic | null) => void;

export class ServerTopics {
  private listeners = new Set<TopicListener>();

  emit(topic: StreamTopic | null) {
    for (const listener of this.listeners) listener(topic);
  }

  subscribe(listener: TopicListener): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }
}

/** The app's one set of topics (one signed-in account at a time). */
export const serverTopics = new ServerTopics();

/** Calls `onChange` whenever the server says `topic` changed, and after every stream reconnect. */
export function useServerTopic(topic: StreamTopic, onChange: () => void) {
  const latest = useRef(onChange);
  useEffect(() => {
    latest.current = onChange;
  });
  useEffect(() => serverTopics.subscribe((t) => (t === null || t === topic) && latest.current()), [topic]);
}
