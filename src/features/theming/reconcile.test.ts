import { describe, expect, it } from 'vitest';
import { DEFAULT_PREFERENCES, stampChange, ZERO_STAMPS } from '../../../sync/preferences';
import { LEGACY_STAMP } from './preferences-cache';
import { reconcile } from './reconcile';

const base = { values: DEFAULT_PREFERENCES, stamps: ZERO_STAMPS };

describe('reconciling the device cache with the account document', () => {
  it("migrates this browser's values when the account has no document yet", () => {
    const legacy = { ...stampChange(base, { readerTheme: 'sepia', fontSize: 120 }, LEGACY_STAMP), owner: null };
    expect(reconcile(legacy, null, 'u1')).toEqual({ kind: 'create', prefs: { values: legacy.values, stamps: legacy.stamps } });
  });

  it("never carries another account's values into a new document", () => {
    const theirs = { ...stampChange(base, { appTheme: 'dark' }, 5000), owner: 'u2' };
    expect(reconcile(theirs, null, 'u1')).toEqual({ kind: 'create', prefs: base });
  });

  it('takes the document as it is over a signed-out or foreign cache', () => {
    const remote = stampChange(base, { readerTheme: 'night' }, 1000);
    const signedOut = { ...stampChange(base, { fontSize: 180 }, 9000), owner: null };
    expect(reconcile(signedOut, remote, 'u1')).toEqual({ kind: 'adopt', prefs: remote, write: false });
  });

  it("merges this account's offline changes per field and writes them back", () => {
    const remote = stampChange(base, { readerTheme: 'night' }, 1000);
    const mine = { ...stampChange(base, { fontSize: 140 }, 2000), owner: 'u1' };
    const result = reconcile(mine, remote, 'u1');
    expect(result).toMatchObject({ kind: 'adopt', write: true, prefs: { values: { readerTheme: 'night', fontSize: 140 } } });
    // Once written, the same cache and document agree: nothing more to write.
    if (result.kind !== 'adopt') throw new Error('expected adopt');
    expect(reconcile({ ...result.prefs, owner: 'u1' }, result.prefs, 'u1')).toMatchObject({ write: false });
  });
});
