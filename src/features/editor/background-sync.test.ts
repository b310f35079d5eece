import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ChapterUploader, RETRY_FIRST_MS, type UploadResult } from './background-sync';
import { UnsyncedChapters } from './unsynced-chapters';
import { memoryStorage } from './test-helpers';

/** An upload whose answers the test decides, per chapter, in order. */
function scriptedUpload(script: Record<string, UploadResult[]>) {
  const calls: string[] = [];
  const upload = vi.fn(async (docName: string) => {
    calls.push(docName);
    return script[docName]?.shift() ?? 'acknowledged';
  });
  return { upload, calls };
}

describe('ChapterUploader', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('uploads every marked chapter, open or not, and clears those the server acknowledged', async () => {
    const marks = new UnsyncedChapters(memoryStorage(), 'k');
    marks.mark('chapter:1');
    marks.mark('chapter:2');
    const { upload, calls } = scriptedUpload({});
    new ChapterUploader(marks, upload, () => true).kick();
    await vi.runAllTimersAsync();
    expect(calls.sort()).toEqual(['chapter:1', 'chapter:2']);
    expect(marks.count).toBe(0);
  });

  it('does nothing offline', async () => {
    const marks = new UnsyncedChapters(memoryStorage(), 'k');
    marks.mark('chapter:1');
    const { upload } = scriptedUpload({});
    new ChapterUploader(marks, upload, () => false).kick();
    await vi.runAllTimersAsync();
    expect(upload).not.toHaveBeenCalled();
    expect(marks.count).toBe(1);
  });

  it('tries a chapter the server cannot take yet again, with a growing pause', async () => {
    const marks = new UnsyncedChapters(memoryStorage(), 'k');
    marks.mark('chapter:new');
    const { upload } = scriptedUpload({ 'chapter:new': ['retry', 'retry'] });
    new ChapterUploader(marks, upload, () => true).kick();
    await vi.advanceTimersByTimeAsync(0);
    expect(upload).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(RETRY_FIRST_MS);
    expect(upload).toHaveBeenCalledTimes(2);
    await vi.advanceTimersByTimeAsync(RETRY_FIRST_MS);
    expect(upload).toHaveBeenCalledTimes(2); // the pause doubled
    await vi.advanceTimersByTimeAsync(RETRY_FIRST_MS);
    expect(upload).toHaveBeenCalledTimes(3);
    expect(marks.count).toBe(0);
  });

  it('keeps a refused chapter marked and does not retry it by itself', async () => {
    const marks = new UnsyncedChapters(memoryStorage(), 'k');
    marks.mark('chapter:gone');
    const { upload } = scriptedUpload({ 'chapter:gone': ['refused'] });
    new ChapterUploader(marks, upload, () => true).kick();
    await vi.advanceTimersByTimeAsync(60_000);
    expect(upload).toHaveBeenCalledTimes(1);
    expect(marks.has('chapter:gone')).toBe(true);
  });

  it('keeps an edit made during the upload marked and uploads again right after', async () => {
    const marks = new UnsyncedChapters(memoryStorage(), 'k');
    marks.mark('chapter:1');
    let release!: () => void;
    const upload = vi.fn((): Promise<UploadResult> => new Promise((resolve) => (release = () => resolve('acknowledged'))));
    const uploader = new ChapterUploader(marks, upload, () => true);
    uploader.kick();
    await vi.advanceTimersByTimeAsync(0);
    marks.mark('chapter:1');
    uploader.kick();
    release();
    await vi.advanceTimersByTimeAsync(0);
    expect(marks.has('chapter:1')).toBe(true);
    expect(upload).toHaveBeenCalledTimes(2);
    release();
    await vi.advanceTimersByTimeAsync(0);
    expect(marks.count).toBe(0);
  });
});
