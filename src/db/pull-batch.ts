/**
 * Pulls of several collections leave as one request (POST /api/sync/pull) and come back as one
 * answer. Every collection's replication asks for its own pages; at start, and after a resync of
 * all of them, each asks within a few tasks of the others, and a device used to send a dozen
 * requests where one does (issue 11).
 *
 * A round: collections announced with `expect()` are waited for, at most `roundWaitMs` after the
 * round's first ask; without such an announcement an ask waits only for the rest of the task it
 * was made in, so a single live change is not slowed down.
 */
import type { Checkpoint } from '../../sync/replication/doc';
import type { BatchPullRequest, BatchPullResponse, PullResponse } from '../../sync/replication/pull';

/** Longest a round waits for a collection it expects (one slow to open its storage goes on alone). */
const ROUND_WAIT_MS = 150;

interface Ask {
  collection: string;
  checkpoint: Checkpoint | null;
  limit: number;
  resolve(page: PullResponse): void;
  reject(error: unknown): void;
}

export class PullBatcher {
  private asks: Ask[] = [];
  private readonly expected = new Set<string>();
  private timer: ReturnType<typeof setTimeout> | undefined;

  constructor(
    private readonly send: (body: BatchPullRequest) => Promise<BatchPullResponse>,
    private readonly roundWaitMs = ROUND_WAIT_MS,
  ) {}

  /** These collections are about to ask for a page: the round waits for them. */
  expect(collections: Iterable<string>): void {
    for (const name of collections) this.expected.add(name);
  }

  pull(collection: string, checkpoint: Checkpoint | null, limit: number): Promise<PullResponse> {
    // A replication asks for one page at a time; should the same collection ask again, the
    // waiting ask leaves first, so the answer's pages stay one per collection.
    if (this.asks.some((a) => a.collection === collection)) this.flush();
    return new Promise<PullResponse>((resolve, reject) => {
      const first = this.asks.length === 0;
      this.asks.push({ collection, checkpoint, limit, resolve, reject });
      this.expected.delete(collection);
      if (first || this.expected.size === 0) this.schedule(this.expected.size ? this.roundWaitMs : 0);
    });
  }

  private schedule(ms: number) {
    clearTimeout(this.timer);
    this.timer = setTimeout(() => this.flush(), ms);
    (this.timer as { unref?: () => void }).unref?.(); // never keeps a Node process alive
  }

  private flush() {
    clearTimeout(this.timer);
    this.timer = undefined;
    this.expected.clear(); // whoever has not asked by now goes on its own
    const asks = this.asks;
    this.asks = [];
    if (!asks.length) return;
    this.send({ pulls: asks.map(({ collection, checkpoint, limit }) => ({ collection, checkpoint, limit })) }).then(
      ({ pages }) =>
        asks.forEach((ask, i) => {
          const page = pages[i];
          if (page) ask.resolve(page);
          else ask.reject(new Error(`The batched pull answered without a page for ${ask.collection}.`));
        }),
      (error: unknown) => asks.forEach((ask) => ask.reject(error)),
    );
  }
}
