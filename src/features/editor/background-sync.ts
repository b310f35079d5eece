/**
 * Sends every chapter marked in unsynced-chapters.ts to the server, open or not: on reconnect, at
 * start when signed in, when a chapter gets marked, and when an open chapter's socket syncs.
 * Loaded only when there are marks (use-unsynced-chapters.ts), so it costs nothing on first load.
 * A chapter the server cannot take yet (restarting, or created offline and not yet replicated) is
 * tried again with a growing pause; a refusal (signed out, no access) waits for the next trigger,
 * and its edits stay counted, on this device.
 */
import { serverUnreachable } from '../../lib/reachability';
import { uploadChapter } from './collab-provider';
import { unsyncedChapters, type UnsyncedChapters } from './unsynced-chapters';

export type UploadResult = 'acknowledged' | 'retry' | 'refused';

export const RETRY_FIRST_MS = 1_000;
const RETRY_MAX_MS = 30_000;

export class ChapterUploader {
  private running = false;
  private again = false;
  private timer: ReturnType<typeof setTimeout> | undefined;
  private pause = RETRY_FIRST_MS;

  constructor(
    private readonly marks: UnsyncedChapters,
    private readonly upload: (docName: string) => Promise<UploadResult>,
    // Online as the rest of the app says it (ui's useOnline): a page the service worker served
    // offline may report navigator.onLine, and retrying then only lengthened the pause before the
    // attempt that follows the server's return.
    private readonly online: () => boolean = () => navigator.onLine && !serverUnreachable(),
  ) {}

  /** Upload every marked chapter now, or right after the pass under way. */
  kick(): void {
    if (this.running) {
      this.again = true;
      return;
    }
    clearTimeout(this.timer);
    this.timer = undefined;
    this.running = true;
    void this.pass().then((retry) => {
      this.running = false;
      if (retry) {
        this.timer = setTimeout(() => this.kick(), this.pause);
        this.pause = Math.min(this.pause * 2, RETRY_MAX_MS);
      } else if (this.again) {
        this.again = false;
        this.kick();
      }
    });
  }

  /** Whether some chapter should be tried again later. */
  private async pass(): Promise<boolean> {
    this.again = false;
    if (!this.online()) return false;
    const results = await Promise.all(
      Object.entries(this.marks.marks()).map(async ([docName, version]) => {
        const result = await this.upload(docName).catch((): UploadResult => 'retry');
        if (result === 'acknowledged') this.marks.acknowledged(docName, version);
        return result;
      }),
    );
    const retry = results.includes('retry');
    if (!retry) this.pause = RETRY_FIRST_MS;
    return retry && this.online();
  }
}

const uploaders = new Map<string, ChapterUploader>();

/** Start (or repeat) the background upload of the account's marked chapters. */
export function syncChapters(storagePrefix: string): void {
  let uploader = uploaders.get(storagePrefix);
  if (!uploader) {
    uploader = new ChapterUploader(unsyncedChapters(storagePrefix), (docName) => uploadChapter(storagePrefix, docName));
    uploaders.set(storagePrefix, uploader);
  }
  uploader.kick();
}
