/**
 * The preferences every screen reads (app theme, reader typography). One store per tab over the
 * localStorage cache: changes apply at once, and when signed in the sync bridge
 * (preferences-sync.tsx, lazy with RxDB) writes them to the replicated document and feeds back
 * what other devices chose. Kept free of zod and RxDB: it is part of the first load.
 */
import { useSyncExternalStore } from 'react';
import { stampChange, type PreferenceValues, type StampedPreferences } from '../../../sync/preferences';
import { CACHE_KEY, readCache, writeCache, type PreferencesCache } from './preferences-cache';

const listeners = new Set<() => void>();
let state: PreferencesCache = safeRead();
/** The signed-in account whose document the bridge keeps in step, and how to write to it. */
let bridge: { owner: string; write(p: StampedPreferences): void } | null = null;
/** Who is signed in, known before the (lazy) bridge connects: a change made meanwhile is theirs. */
let signedIn: string | null = null;

function safeRead(): PreferencesCache {
  try {
    return readCache(localStorage);
  } catch {
    return readCache({ getItem: () => null, setItem: () => undefined });
  }
}

const darkQuery = () => (typeof matchMedia === 'function' ? matchMedia('(prefers-color-scheme: dark)') : null);

/** Set `data-theme` on <html>: the design tokens of src/ui/styles.css follow it. */
export function applyAppTheme(choice: PreferenceValues['appTheme'] = state.values.appTheme) {
  const dark = choice === 'dark' || (choice === 'system' && Boolean(darkQuery()?.matches));
  document.documentElement.dataset.theme = dark ? 'dark' : 'light';
}

function commit(next: PreferencesCache) {
  const themeChanged = next.values.appTheme !== state.values.appTheme;
  state = next;
  writeCache(localStorage, state);
  if (themeChanged) applyAppTheme();
  listeners.forEach((l) => l());
}

export function getPreferences(): PreferencesCache {
  return state;
}

function subscribePreferences(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** A choice made on this device: stamped now, applied at once, synced when signed in. */
export function changePreferences(patch: Partial<PreferenceValues>) {
  const next = { ...stampChange(state, patch, Date.now()), owner: signedIn };
  commit(next);
  bridge?.write(next);
}

/** What the account's document says (from this or another device). */
export function adoptPreferences(p: StampedPreferences, owner: string) {
  commit({ values: p.values, stamps: p.stamps, owner });
}

/** The layout says who is signed in (null: a visitor, whose choices stay in this browser). */
export function setPreferencesOwner(userId: string | null) {
  signedIn = userId;
}

/** The sync bridge connects (signed in, database open) or leaves (signed out): null. */
export function connectPreferences(next: typeof bridge) {
  bridge = next;
}

export function usePreferences(): PreferenceValues {
  return useSyncExternalStore(
    subscribePreferences,
    () => state.values,
    () => state.values,
  );
}

// Another tab changed the cache (signed out there, or its bridge adopted a change).
if (typeof window !== 'undefined') {
  window.addEventListener('storage', (e) => {
    if (e.key !== null && e.key !== CACHE_KEY) return;
    state = safeRead();
    applyAppTheme();
    listeners.forEach((l) => l());
  });
  darkQuery()?.addEventListener('change', () => applyAppTheme());
}
