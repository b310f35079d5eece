import { describe, expect, it } from 'vitest';
import { DEFAULT_PREFERENCES, mergeStamped, stampChange, ZERO_STAMPS } from '../preferences';
import { preferences, preferencesId, resolvePreferencesConflict, toDocument } from './preferences';

const base = { values: DEFAULT_PREFERENCES, stamps: ZERO_STAMPS };

describe('preferences merge', () => {
  it('stamps only the changed fields, never backwards', () => {
    const p = stampChange(base, { readerTheme: 'sepia' }, 1000);
    expect(p.values.readerTheme).toBe('sepia');
    expect(p.stamps.readerTheme).toBe(1000);
    expect(p.stamps.fontSize).toBe(0);
    // A device whose clock is behind still moves the field forward.
    expect(stampChange(p, { readerTheme: 'night' }, 10).stamps.readerTheme).toBe(1001);
  });

  it("keeps both devices' changes to different fields (last write wins per field)", () => {
    const phone = stampChange(base, { readerTheme: 'sepia' }, 2000);
    const laptop = stampChange(base, { fontSize: 140, readerTheme: 'night' }, 1500);
    const merged = mergeStamped(phone, laptop);
    expect(merged.values).toMatchObject({ readerTheme: 'sepia', fontSize: 140 });
    expect(merged.stamps).toMatchObject({ readerTheme: 2000, fontSize: 1500 });
    // Order does not matter when stamps differ.
    expect(mergeStamped(laptop, phone)).toEqual(merged);
  });

  it('keeps the agreed side on a tie', () => {
    const a = stampChange(base, { appTheme: 'dark' }, 5);
    const b = stampChange(base, { appTheme: 'light' }, 5);
    expect(mergeStamped(a, b).values.appTheme).toBe('light');
  });

  it('resolves a replication conflict by merging into the master document', () => {
    const master = { ...toDocument('u1', stampChange(base, { fontSize: 150 }, 3000)), _deleted: false };
    const mine = { ...toDocument('u1', stampChange(base, { readerTheme: 'sepia' }, 4000)), _deleted: false };
    const resolved = resolvePreferencesConflict({ newDocumentState: mine, realMasterState: master, assumedMasterState: undefined });
    expect(resolved).toMatchObject({ id: preferencesId('u1'), ownerId: 'u1', fontSize: 150, readerTheme: 'sepia', updatedAt: 4000, _deleted: false });
  });

  it('lets only the owner write their one document', () => {
    const doc = toDocument('u1', base);
    expect(preferences.visibility.audience(doc)).toEqual(['u1']);
    expect(preferences.visibility.mayWrite(doc, null, 'u1')).toBe(true);
    expect(preferences.visibility.mayWrite(doc, null, 'u2')).toBe(false);
    expect(preferences.visibility.mayWrite({ ...doc, id: 'prefs:other' }, null, 'u1')).toBe(false);
    expect(preferences.schema.safeParse({ ...doc, fontSize: 500 }).success).toBe(false);
  });
});
