/**
 * One request for the first pull of every collection (POST /api/sync/pull, protocol 5). At start
 * each collection's replication asks for its first page on its own, moments apart: the batcher
 * holds the asks until every collection has asked, or START_WINDOW_MS after the first, and sends
 * them together with a checkpoint each. Later pulls (a next page, a change hint) leave at once,
 * still together when asked for in the same turn (every collection resyncing after a reconnect).
 */
import type { Checkpoint } from '../../sync/replication/doc';
import type { BatchPullRequest, BatchPullResponse, PullResponse } from '../../sync/replication/pull';

const START_WINDOW_MS = 100;

interface Ask {
  checkpoint: Checkpoint | null;
  limit: number;
  resolve(page: PullResponse): void;
  reject(error: unknown): void;
}

export class PullBatcher {
  private readonly notAskedYet: Set<string>;
  private queue = new Map<string, Ask>();
  private timer: ReturnType<typeof setTimeout> | undefined;

  constructor(
    collections: readonly string[],
    private readonly send: (body: BatchPullRequest) => Promise<BatchPullResponse>,
    private readonly windowMs = START_WINDOW_MS,
  ) {
    this.notAskedYet = new Set(collections);
  }

  pull(collection: string, checkpoint: Checkpoint | null, limit: number): Promise<PullResponse> {
    return new Promise((resolve, reject) => {
      // One collection pulls one page at a time; should it ask again, what waits leaves first.
      if (this.queue.has(collection)) this.flush();
      this.notAskedYet.delete(collection);
      this.queue.set(collection, { checkpoint, limit, resolve, reject });
      if (this.notAskedYet.size === 0) this.schedule(0, true);
      else this.schedule(this.windowMs, false);
    });
  }

  private schedule(ms: number, replace: boolean) {
    if (this.timer !== undefined && !replace) return;
    clearTimeout(this.timer);
    this.timer = setTimeout(() => this.flush(), ms);
    (this.timer as { unref?: () => void }).unref?.(); // never keeps a Node process alive
  }

  private flush() {
    clearTimeout(this.timer);
    this.timer = undefined;
    const batch = this.queue;
    this.queue = new Map();
    if (batch.size === 0) return;
    const pulls = Object.fromEntries([...batch].map(([name, ask]) => [name, { checkpoint: ask.checkpoint, limit: ask.limit }]));
    this.send({ pulls }).then(
      ({ pages }) => {
        for (const [name, ask] of batch) {
          const page = pages[name];
          if (page) ask.resolve(page);
          else ask.reject(new Error(`The server sent no page for ${name}.`));
        }
      },
      (error: unknown) => batch.forEach((ask) => ask.reject(error)),
    );
  }
}
