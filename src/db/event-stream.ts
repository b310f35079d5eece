/**
 * The client of GET /api/sync/stream, over fetch rather than EventSource: it can send the
 * protocol header (and a Cookie in Node), it sees the HTTP status (401 and 426 must stop the
 * reconnect loop), and the same code runs in the browser, in Node tests and in the benchmark.
 */
import { HEARTBEAT_INTERVAL_MS } from '../../sync/replication/stream-events';
import { failureOf, syncHeaders, type SyncFailure, type SyncTransport } from './sync-http';

const RECONNECT_MIN_MS = 500;
const RECONNECT_MAX_MS = 30_000;
/** Two missed heartbeats: the connection is dead even if TCP has not noticed. */
const SILENCE_LIMIT_MS = HEARTBEAT_INTERVAL_MS * 2 + 5_000;

export interface EventStreamHandlers {
  onOpen(): void;
  onEvent(event: string, data: unknown): void;
  /** A failure that reconnecting will not fix; the stream stops until opened again. */
  onFatal(kind: SyncFailure): void;
  onDisconnect(): void;
}

export interface EventStream {
  close(): void;
  /** The network is back: skip the back-off and connect now. */
  reconnectNow(): void;
}

export function openEventStream(transport: SyncTransport, handlers: EventStreamHandlers): EventStream {
  let closed = false;
  let wake: (() => void) | null = null;
  let controller: AbortController | null = null;
  let delay = RECONNECT_MIN_MS;

  async function connectOnce(): Promise<'retry' | 'stop'> {
    controller = new AbortController();
    let silence: ReturnType<typeof setTimeout> | undefined;
    const resetSilence = () => {
      clearTimeout(silence);
      silence = setTimeout(() => controller?.abort(), SILENCE_LIMIT_MS);
    };
    try {
      const res = await transport.fetch(`${transport.baseUrl}/api/sync/stream`, {
        headers: { accept: 'text/event-stream', ...syncHeaders(transport) },
        credentials: 'same-origin',
        signal: controller.signal,
      });
      if (!res.ok || !res.body) {
        const kind = failureOf(res.status);
        if (kind === 'signed-out' || kind === 'outdated') {
          handlers.onFatal(kind);
          return 'stop';
        }
        return 'retry';
      }
      delay = RECONNECT_MIN_MS;
      handlers.onOpen();
      resetSilence();
      const reader = res.body.getReader();
      const decoder = new TextDecoder();
      let buffer = '';
      for (;;) {
        const { done, value } = await reader.read();
        if (done) return 'retry';
        resetSilence();
        buffer += decoder.decode(value, { stream: true });
        let end: number;
        while ((end = buffer.indexOf('\n\n')) >= 0) {
          const block = buffer.slice(0, end);
          buffer = buffer.slice(end + 2);
          const event = /^event: ?(.*)$/m.exec(block)?.[1] ?? 'message';
          const data = block
            .split('\n')
            .filter((l) => l.startsWith('data:'))
            .map((l) => l.replace(/^data: ?/, ''))
            .join('\n');
          try {
            handlers.onEvent(event, data ? JSON.parse(data) : undefined);
          } catch {
            // A malformed event is dropped; the next RESYNC covers whatever it meant.
          }
        }
      }
    } catch {
      return 'retry';
    } finally {
      clearTimeout(silence);
    }
  }

  void (async () => {
    while (!closed) {
      const outcome = await connectOnce();
      if (closed || outcome === 'stop') return;
      handlers.onDisconnect();
      await new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, delay);
        wake = () => {
          clearTimeout(timer);
          resolve();
        };
      });
      wake = null;
      delay = Math.min(delay * 2, RECONNECT_MAX_MS);
    }
  })();

  return {
    close() {
      closed = true;
      controller?.abort();
      wake?.();
    },
    reconnectNow() {
      delay = RECONNECT_MIN_MS;
      wake?.();
    },
  };
}
