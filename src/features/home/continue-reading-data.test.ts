import { describe, expect, it } from 'vitest';
import type { LibraryBook } from '../../../sync/api/library';
import { CONTINUE_LIMIT, pickInProgress, readSnapshot, snapshotKey, takeFirstVisit, writeSnapshot, type ContinueItem } from './continue-reading-data';

const book = (id: string): LibraryBook => ({
  id,
  title: `Title ${id}`,
  subtitle: '',
  authors: [`Author ${id}`],
  coverUrl: `/c/${id}.jpg`,
  source: 'seed',
  acquiredAt: 1,
  sideloaded: false,
});
const at = (bookId: string, progress: number, updatedAt: number) => ({ bookId, updatedAt, position: { progress } });

function memoryStorage() {
  const map = new Map<string, string>();
  return { map, getItem: (k: string) => map.get(k) ?? null, setItem: (k: string, v: string) => void map.set(k, v) };
}

describe('pickInProgress', () => {
  it('lists books being read, most recent first, without finished ones or unknown ids', () => {
    const items = pickInProgress(
      [at('a', 0.2, 10), at('b', 0.71, 30), at('done', 0.995, 40), at('manuscript', 0.5, 50), at('c', 0, 20)],
      [book('a'), book('b'), book('c'), book('done')],
    );
    expect(items.map((i) => i.bookId)).toEqual(['b', 'c', 'a']);
    expect(items[0]).toEqual({ bookId: 'b', title: 'Title b', authors: ['Author b'], coverUrl: '/c/b.jpg', progress: 0.71, updatedAt: 30 });
  });

  it('keeps at most the limit', () => {
    const books = Array.from({ length: 10 }, (_, i) => book(`b${i}`));
    expect(
      pickInProgress(
        books.map((b, i) => at(b.id, 0.5, i)),
        books,
      ),
    ).toHaveLength(CONTINUE_LIMIT);
  });
});

describe('snapshot', () => {
  const item: ContinueItem = { bookId: 'b', title: 'T', authors: ['A'], coverUrl: null, progress: 0.71, updatedAt: 3 };

  it('round-trips per account', () => {
    const storage = memoryStorage();
    writeSnapshot(storage, 'u1', [item]);
    expect(readSnapshot(storage, 'u1')).toEqual([item]);
    expect(readSnapshot(storage, 'u2')).toEqual([]);
  });

  it('reads nothing from a missing, corrupt or malformed entry', () => {
    const storage = memoryStorage();
    expect(readSnapshot(storage, 'u1')).toEqual([]);
    storage.map.set(snapshotKey('u1'), '{not json');
    expect(readSnapshot(storage, 'u1')).toEqual([]);
    storage.map.set(snapshotKey('u1'), JSON.stringify([{ bookId: 'b', title: 3 }]));
    expect(readSnapshot(storage, 'u1')).toEqual([]);
  });

  it('survives storage that refuses writes', () => {
    const refusing = {
      getItem: () => null,
      setItem: () => {
        throw new Error('QuotaExceededError');
      },
    };
    expect(() => writeSnapshot(refusing, 'u1', [item])).not.toThrow();
  });
});

describe('takeFirstVisit', () => {
  it('is true once per account, and never with reading under way', () => {
    const storage = memoryStorage();
    expect(takeFirstVisit(storage, 'u1', false)).toBe(true);
    expect(takeFirstVisit(storage, 'u1', false)).toBe(false);
    expect(takeFirstVisit(storage, 'u2', true)).toBe(false);
  });
});
