/**
 * The in-process worker loop: claims one job at a time and runs its handler. Handlers must be
 * idempotent — a job whose worker died is claimed again after the visibility timeout.
 */
import { JOB_POLL_INTERVAL } from '../limits';
import type { JobQueue } from './queue';

export type JobHandler = (payload: any) => Promise<void>;

export class JobWorker {
  private handlers = new Map<string, JobHandler>();
  private timer: NodeJS.Timeout | null = null;
  private running = false;
  private stopped = true;
  lastTickAt = 0;
  processed = 0;

  constructor(private readonly queue: JobQueue) {}

  register(kind: string, handler: JobHandler): void {
    this.handlers.set(kind, handler);
  }

  get kinds(): string[] {
    return [...this.handlers.keys()];
  }

  get isRunning(): boolean {
    return !this.stopped;
  }

  start(): void {
    this.stopped = false;
    this.schedule(0);
  }

  async stop(): Promise<void> {
    this.stopped = true;
    if (this.timer) clearTimeout(this.timer);
    while (this.running) await new Promise((r) => setTimeout(r, 10));
  }

  /** Run every job that is due now; used by tests and by the loop. Returns how many ran. */
  async drain(): Promise<number> {
    let count = 0;
    for (;;) {
      const job = await this.queue.claim();
      if (!job) return count;
      count++;
      const handler = this.handlers.get(job.kind);
      try {
        if (!handler) throw new Error(`No handler for job kind "${job.kind}"`);
        await handler(job.payload);
        await this.queue.complete(job.id);
        this.processed++;
      } catch (error) {
        console.error(`job ${job.id} (${job.kind}) failed, attempt ${job.attempts}:`, error);
        await this.queue.fail(job, error);
      }
    }
  }

  private schedule(delay: number) {
    if (this.stopped) return;
    this.timer = setTimeout(() => void this.tick(), delay);
    this.timer.unref?.();
  }

  private async tick() {
    this.running = true;
    this.lastTickAt = Date.now();
    try {
      await this.drain();
    } catch (error) {
      console.error('job worker tick failed:', error);
    } finally {
      this.running = false;
      this.schedule(JOB_POLL_INTERVAL);
    }
  }
}
