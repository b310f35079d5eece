import { describe, expect, it } from 'vitest';
import { DEFAULT_PREFERENCES, mergeStamped, ZERO_STAMPS } from '../../../sync/preferences';
import { CACHE_KEY, LEGACY_READER_KEY, LEGACY_STAMP, readCache, THEME_KEY, writeCache } from './preferences-cache';

function memory(entries: Record<string, string> = {}) {
  const map = new Map(Object.entries(entries));
  return { getItem: (k: string) => map.get(k) ?? null, setItem: (k: string, v: string) => void map.set(k, v), map };
}

describe('preferences cache', () => {
  it('starts from the defaults in a fresh browser', () => {
    expect(readCache(memory())).toEqual({ values: DEFAULT_PREFERENCES, stamps: ZERO_STAMPS, owner: null });
  });

  it('migrates the old per-browser keys once, stamped so any later choice beats them', () => {
    const storage = memory({
      [THEME_KEY]: 'dark',
      [LEGACY_READER_KEY]: JSON.stringify({ fontFamily: 'sans', fontSize: 130, lineHeight: 1.8, margin: 3, justify: false, theme: 'sepia' }),
    });
    const cache = readCache(storage);
    expect(cache.values).toEqual({
      ...DEFAULT_PREFERENCES,
      appTheme: 'dark',
      fontFamily: 'sans',
      fontSize: 130,
      lineHeight: 1.8,
      margin: 3,
      justify: false,
      readerTheme: 'sepia',
    });
    expect(cache.stamps.readerTheme).toBe(LEGACY_STAMP);
    expect(cache.stamps.pageTurnAnimation).toBe(0);
    // Merged into an account that chose night later, the account's choice stays.
    const account = { values: { ...DEFAULT_PREFERENCES, readerTheme: 'night' as const }, stamps: { ...ZERO_STAMPS, readerTheme: 1_700_000_000_000 } };
    expect(mergeStamped(cache, account).values).toMatchObject({ readerTheme: 'night', fontSize: 130, appTheme: 'dark' });
    // Once written, the new cache is what is read, and the theme key stays for index.html.
    writeCache(storage, { ...cache, values: { ...cache.values, appTheme: 'light' } });
    expect(storage.map.get(THEME_KEY)).toBe('light');
    storage.map.set(LEGACY_READER_KEY, JSON.stringify({ theme: 'night' }));
    expect(readCache(storage).values.readerTheme).toBe('sepia');
  });

  it('drops invalid or tampered values field by field', () => {
    const storage = memory({
      [CACHE_KEY]: JSON.stringify({
        owner: 'u1',
        values: { ...DEFAULT_PREFERENCES, fontSize: 9000, readerTheme: 'neon', justify: false },
        stamps: { justify: 5, fontSize: 7, readerTheme: -3 },
      }),
    });
    const cache = readCache(storage);
    expect(cache.owner).toBe('u1');
    expect(cache.values).toMatchObject({ fontSize: 100, readerTheme: 'paper', justify: false });
    expect(cache.stamps).toMatchObject({ fontSize: 0, readerTheme: 0, justify: 5 });
    expect(readCache(memory({ [CACHE_KEY]: '{not json' })).values).toEqual(DEFAULT_PREFERENCES);
  });
});
