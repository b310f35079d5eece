import { describe, expect, it, vi } from 'vitest';
import { UnsyncedChapters } from './unsynced-chapters';
import { memoryStorage } from './test-helpers';

describe('UnsyncedChapters', () => {
  it('keeps marks in storage, so a reload (a new registry on the same storage) still counts them', () => {
    const store = memoryStorage();
    const before = new UnsyncedChapters(store, 'quire-u1:unsynced-chapters');
    before.mark('chapter:a');
    before.mark('chapter:a');
    before.mark('chapter:b');
    const after = new UnsyncedChapters(store, 'quire-u1:unsynced-chapters');
    expect(after.count).toBe(2);
    expect(after.marks()).toEqual({ 'chapter:a': 2, 'chapter:b': 1 });
    expect(new UnsyncedChapters(store, 'quire-u2:unsynced-chapters').count).toBe(0);
  });

  it('clears a mark only for the version the upload carried', () => {
    const marks = new UnsyncedChapters(memoryStorage(), 'k');
    marks.mark('chapter:a');
    const carried = marks.marks()['chapter:a']!;
    marks.mark('chapter:a'); // edited while the upload was in flight
    marks.acknowledged('chapter:a', carried);
    expect(marks.has('chapter:a')).toBe(true);
    marks.acknowledged('chapter:a', carried + 1);
    expect(marks.has('chapter:a')).toBe(false);
  });

  it('tells listeners of its own changes and of other tabs’, and survives damaged storage', () => {
    const store = memoryStorage();
    const marks = new UnsyncedChapters(store, 'k');
    const listener = vi.fn();
    marks.subscribe(listener);
    marks.mark('chapter:a');
    expect(listener).toHaveBeenCalledTimes(1);
    store.setItem('k', '{"chapter:a":1,"chapter:b":3}');
    expect(marks.count).toBe(1); // cached until told
    marks.changedElsewhere();
    expect(marks.count).toBe(2);
    expect(listener).toHaveBeenCalledTimes(2);
    store.setItem('k', 'not json');
    marks.changedElsewhere();
    expect(marks.count).toBe(0);
  });

  it('removes the storage entry once nothing is waiting', () => {
    const store = memoryStorage();
    const marks = new UnsyncedChapters(store, 'k');
    marks.mark('chapter:a');
    marks.acknowledged('chapter:a', 1);
    expect(store.items.has('k')).toBe(false);
  });
});
