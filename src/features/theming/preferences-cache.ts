/**
 * The device's copy of the preferences in localStorage: what applies at first paint (before
 * RxDB loads, or for signed-out visitors, for whom it is the only copy). Pure over a Storage so
 * reading, validation and the one-time migration of the old per-browser keys are unit-tested.
 */
import {
  DEFAULT_PREFERENCES,
  PREFERENCE_FIELDS,
  validPreference,
  ZERO_STAMPS,
  type PreferenceValues,
  type StampedPreferences,
} from '../../../sync/preferences';

export const CACHE_KEY = 'quire.preferences';
/** The app theme alone, read by the inline script in index.html before any module loads. */
export const THEME_KEY = 'quire-theme';
/** Where the reader kept its settings before they synced. */
export const LEGACY_READER_KEY = 'quire.reader-settings';
/** Old per-browser values beat a default but lose to any choice made since (real clock stamps). */
export const LEGACY_STAMP = 1;

export interface PreferencesCache extends StampedPreferences {
  /** The account these values mirror; null for a signed-out browser's own choices. */
  owner: string | null;
}

type Store = Pick<Storage, 'getItem' | 'setItem'>;

function parse(text: string | null): Record<string, unknown> | null {
  try {
    const v: unknown = text ? JSON.parse(text) : null;
    return v && typeof v === 'object' ? (v as Record<string, unknown>) : null;
  } catch {
    return null;
  }
}

/** Valid fields of `source`, the rest default; invalid values never reach the reader. */
function pick(source: Record<string, unknown>, stampOf: (f: keyof PreferenceValues) => number): StampedPreferences {
  const values: Record<string, unknown> = { ...DEFAULT_PREFERENCES };
  const stamps = { ...ZERO_STAMPS };
  for (const f of PREFERENCE_FIELDS) {
    if (validPreference(f, source[f])) {
      values[f] = source[f];
      stamps[f] = stampOf(f);
    }
  }
  return { values: values as unknown as PreferenceValues, stamps };
}

/** The old keys: `quire-theme` (app theme) and the reader's `{ …, theme }` object. */
function fromLegacy(storage: Store): PreferencesCache {
  const reader = parse(storage.getItem(LEGACY_READER_KEY)) ?? {};
  const source: Record<string, unknown> = { ...reader, readerTheme: reader.theme, appTheme: storage.getItem(THEME_KEY) ?? undefined };
  return { ...pick(source, () => LEGACY_STAMP), owner: null };
}

export function readCache(storage: Store): PreferencesCache {
  const cached = parse(storage.getItem(CACHE_KEY));
  if (!cached) return fromLegacy(storage);
  const values = (cached.values ?? {}) as Record<string, unknown>;
  const stamps = (cached.stamps ?? {}) as Record<string, unknown>;
  const stampOf = (f: string) => (typeof stamps[f] === 'number' && (stamps[f] as number) >= 0 ? Math.floor(stamps[f] as number) : 0);
  return { ...pick(values, stampOf), owner: typeof cached.owner === 'string' ? cached.owner : null };
}

export function writeCache(storage: Store, cache: PreferencesCache): void {
  try {
    storage.setItem(CACHE_KEY, JSON.stringify(cache));
    storage.setItem(THEME_KEY, cache.values.appTheme);
  } catch {
    // Private mode or a full quota: the settings still apply for this visit.
  }
}
