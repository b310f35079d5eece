/**
 * The in-process worker loops: each lane claims one job at a time and runs its handler. Handlers
 * must be idempotent — a job whose worker died is claimed again after the visibility timeout.
 * Kinds registered in a lane of their own (work that takes seconds of CPU or a browser) run beside
 * the main lane, so a sign-in e-mail never waits behind a backlog of covers or a print PDF. Every
 * lane claims from the one queue (server/jobs/queue.ts), whichever engine holds it.
 */
import { JOB_POLL_INTERVAL } from '../limits';
import type { JobQueue } from './queue';

export type JobHandler = (payload: any) => Promise<void>;

const MAIN_LANE = 'main';

/** The lanes beside the main one. Each runs one job at a time, so a lane's kinds wait only for each other. */
export const LANES = {
  /** Image variants: a cover's six take about a second of libvips. */
  images: 'images',
  /** The Ask index of a book: parsing and embedding every chapter. */
  ask: 'ask',
  /** Whole-book files: exports (the print PDF typesets in Chromium for tens of seconds) and the edition checks' epubcheck. */
  books: 'books',
} as const;
export type LaneName = (typeof LANES)[keyof typeof LANES];

interface Lane {
  timer: NodeJS.Timeout | null;
  running: boolean;
}

export class JobWorker {
  private handlers = new Map<string, JobHandler>();
  /** Kinds by the lane they run in; unlisted kinds run in the main lane. */
  private kindLanes = new Map<string, string>();
  private lanes = new Map<string, Lane>([[MAIN_LANE, { timer: null, running: false }]]);
  private stopped = true;
  lastTickAt = 0;
  processed = 0;

  constructor(private readonly queue: JobQueue) {}

  register(kind: string, handler: JobHandler, options: { lane?: LaneName } = {}): void {
    this.handlers.set(kind, handler);
    if (options.lane) {
      this.kindLanes.set(kind, options.lane);
      if (!this.lanes.has(options.lane)) this.lanes.set(options.lane, { timer: null, running: false });
    }
  }

  /** The lane a kind runs in. */
  laneOf(kind: string): string {
    return this.kindLanes.get(kind) ?? MAIN_LANE;
  }

  get kinds(): string[] {
    return [...this.handlers.keys()];
  }

  get isRunning(): boolean {
    return !this.stopped;
  }

  start(): void {
    this.stopped = false;
    for (const name of this.lanes.keys()) this.schedule(name, 0);
  }

  async stop(): Promise<void> {
    this.stopped = true;
    for (const lane of this.lanes.values()) if (lane.timer) clearTimeout(lane.timer);
    while ([...this.lanes.values()].some((l) => l.running)) await new Promise((r) => setTimeout(r, 10));
  }

  /** Run every job that is due now, in every lane; used by tests and by the loops. Returns how many ran. */
  async drain(): Promise<number> {
    let count = 0;
    for (;;) {
      let round = 0;
      for (const name of this.lanes.keys()) round += await this.drainLane(name);
      if (round === 0) return count;
      count += round;
    }
  }

  private filterOf(name: string): { only?: string[]; except?: string[] } {
    if (name === MAIN_LANE) return { except: [...this.kindLanes.keys()] };
    return { only: [...this.kindLanes].filter(([, lane]) => lane === name).map(([kind]) => kind) };
  }

  private async drainLane(name: string): Promise<number> {
    const filter = this.filterOf(name);
    let count = 0;
    for (;;) {
      const job = await this.queue.claim(filter);
      if (!job) return count;
      count++;
      const handler = this.handlers.get(job.kind);
      try {
        if (!handler) throw new Error(`No handler for job kind "${job.kind}"`);
        await handler(job.payload);
        await this.queue.complete(job);
        this.processed++;
      } catch (error) {
        console.error(`job ${job.id} (${job.kind}) failed, attempt ${job.attempts}:`, error);
        await this.queue.fail(job, error);
      }
    }
  }

  private schedule(name: string, delay: number) {
    const lane = this.lanes.get(name);
    if (this.stopped || !lane) return;
    lane.timer = setTimeout(() => void this.tick(name), delay);
    lane.timer.unref?.();
  }

  private async tick(name: string) {
    const lane = this.lanes.get(name)!;
    lane.running = true;
    this.lastTickAt = Date.now();
    try {
      await this.drainLane(name);
    } catch (error) {
      console.error(`job worker tick (${name}) failed:`, error);
    } finally {
      lane.running = false;
      this.schedule(name, JOB_POLL_INTERVAL);
    }
  }
}
