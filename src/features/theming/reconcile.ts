/**
 * What a device does when it sees the account's preferences document (or learns there is none):
 * pure, so the rules are tested without a browser.
 * - The cache mirrors this account: merge per field (changes made before the database opened
 *   still count), adopt the result, and write it back if it adds anything.
 * - The cache is a signed-out browser's or another account's: the document wins as it is.
 * - No document yet: this browser's own (or old per-browser) values become it — the one-time
 *   migration; another account's values never do.
 */
import { DEFAULT_PREFERENCES, mergeStamped, samePreferences, ZERO_STAMPS, type StampedPreferences } from '../../../sync/preferences';
import type { PreferencesCache } from './preferences-cache';

export type Reconciled = { kind: 'adopt'; prefs: StampedPreferences; write: boolean } | { kind: 'create'; prefs: StampedPreferences };

export function reconcile(cache: PreferencesCache, remote: StampedPreferences | null, userId: string): Reconciled {
  if (remote) {
    const merged = cache.owner === userId ? mergeStamped(cache, remote) : remote;
    return { kind: 'adopt', prefs: merged, write: !samePreferences(merged, remote) };
  }
  const own = cache.owner === null || cache.owner === userId;
  return { kind: 'create', prefs: own ? { values: cache.values, stamps: cache.stamps } : { values: DEFAULT_PREFERENCES, stamps: ZERO_STAMPS } };
}
