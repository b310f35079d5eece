/**
 * Keeps each chapter's server-side rendering (collab_renders) fresh without rendering on every
 * keystroke: a render waits for a pause in edits, but never longer than the max wait, and is
 * flushed when the document unloads. Rendering runs the whole chapter through headless Lexical,
 * so it is deliberately rare.
 */
import { renderChapterState } from './lexical-doc';
import { COLLAB_RENDER_DEBOUNCE, COLLAB_RENDER_MAX_WAIT } from './limits';
import type { CollabStore } from './store';

interface Pending {
  timer: NodeJS.Timeout;
  firstAt: number;
  state: () => Uint8Array;
}

export class RenderScheduler {
  private pending = new Map<string, Pending>();

  constructor(
    private readonly store: CollabStore,
    private readonly log: (event: string, fields: Record<string, unknown>) => void,
    private readonly timing = { debounce: COLLAB_RENDER_DEBOUNCE, maxWait: COLLAB_RENDER_MAX_WAIT },
  ) {}

  schedule(docName: string, state: () => Uint8Array): void {
    const previous = this.pending.get(docName);
    const firstAt = previous?.firstAt ?? Date.now();
    if (previous) clearTimeout(previous.timer);
    const wait = Math.max(0, Math.min(this.timing.debounce, firstAt + this.timing.maxWait - Date.now()));
    const timer = setTimeout(() => void this.flush(docName), wait);
    this.pending.set(docName, { timer, firstAt, state });
  }

  /** Render now if a render is pending for the document. */
  async flush(docName: string): Promise<void> {
    const pending = this.pending.get(docName);
    if (!pending) return;
    clearTimeout(pending.timer);
    this.pending.delete(docName);
    try {
      await this.store.saveRender(docName, renderChapterState(pending.state()));
    } catch (error) {
      this.log('render-failed', { doc: docName, error: String(error) });
    }
  }

  async flushAll(): Promise<void> {
    await Promise.all([...this.pending.keys()].map((name) => this.flush(name)));
  }
}
