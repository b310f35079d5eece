/**
 * Look-and-feel preferences without zod: the values, their defaults and the per-field
 * last-write-wins merge. The first-load bundle reads these (the theme must apply before RxDB or
 * zod load); sync/collections/preferences.ts wraps them in the replicated collection.
 */
export const APP_THEMES = ['system', 'light', 'dark'] as const;
export const READER_THEMES = ['paper', 'sepia', 'night'] as const;
export const READER_FONT_FAMILIES = ['serif', 'sans', 'mono', 'publisher'] as const;
export const READER_LAYOUTS = ['paginated', 'flow'] as const;

export const FONT_SIZE = { min: 70, max: 200, step: 10 } as const;
export const LINE_HEIGHT = { min: 1.1, max: 2.2, step: 0.05 } as const;
export const MARGIN = { min: 0.5, max: 6, step: 0.5 } as const;

export interface PreferenceValues {
  appTheme: (typeof APP_THEMES)[number];
  readerTheme: (typeof READER_THEMES)[number];
  fontFamily: (typeof READER_FONT_FAMILIES)[number];
  /** Percent of the base size. */
  fontSize: number;
  lineHeight: number;
  /** Page margin in rem. */
  margin: number;
  justify: boolean;
  /** A short slide on page turns (never under prefers-reduced-motion). */
  pageTurnAnimation: boolean;
  /** Which view a book opens in from the library. */
  readerLayout: (typeof READER_LAYOUTS)[number];
}
export type PreferenceField = keyof PreferenceValues;
/** Per-field change time (the writer's clock, ms); 0 = never chosen (the default). */
export type PreferenceStamps = Record<PreferenceField, number>;

export const DEFAULT_PREFERENCES: PreferenceValues = {
  appTheme: 'system',
  readerTheme: 'paper',
  fontFamily: 'serif',
  fontSize: 100,
  lineHeight: 1.55,
  margin: 2.5,
  justify: true,
  pageTurnAnimation: false,
  readerLayout: 'paginated',
};
export const PREFERENCE_FIELDS = Object.keys(DEFAULT_PREFERENCES) as PreferenceField[];
export const ZERO_STAMPS = Object.fromEntries(PREFERENCE_FIELDS.map((f) => [f, 0])) as PreferenceStamps;

/** Values and stamps — what both the device cache and the replicated document hold. */
export interface StampedPreferences {
  values: PreferenceValues;
  stamps: PreferenceStamps;
}

/** Field by field, the later stamp wins; on a tie `b` (the side already agreed on) is kept. */
export function mergeStamped(a: StampedPreferences, b: StampedPreferences): StampedPreferences {
  const values = { ...b.values } as Record<PreferenceField, unknown>;
  const stamps = { ...b.stamps };
  for (const f of PREFERENCE_FIELDS) {
    if (a.stamps[f] > b.stamps[f]) {
      values[f] = a.values[f];
      stamps[f] = a.stamps[f];
    }
  }
  return { values: values as PreferenceValues, stamps };
}

/** Apply a change made now: the changed fields get stamp `now` (never at or below their old stamp). */
export function stampChange(current: StampedPreferences, patch: Partial<PreferenceValues>, now: number): StampedPreferences {
  const values = { ...current.values, ...patch };
  const stamps = { ...current.stamps };
  for (const f of Object.keys(patch) as PreferenceField[]) if (f in stamps) stamps[f] = Math.max(now, current.stamps[f] + 1);
  return { values, stamps };
}

export function valuesOf(doc: PreferenceValues): PreferenceValues {
  return Object.fromEntries(PREFERENCE_FIELDS.map((f) => [f, doc[f]])) as unknown as PreferenceValues;
}

const inRange = (v: unknown, r: { min: number; max: number }) => typeof v === 'number' && Number.isFinite(v) && v >= r.min && v <= r.max;
const oneOf = <T extends readonly unknown[]>(list: T, v: unknown): v is T[number] => list.includes(v);

/** Whether `value` is acceptable for `field` (the cache is checked before it is trusted). */
export function validPreference(field: PreferenceField, value: unknown): boolean {
  switch (field) {
    case 'appTheme':
      return oneOf(APP_THEMES, value);
    case 'readerTheme':
      return oneOf(READER_THEMES, value);
    case 'fontFamily':
      return oneOf(READER_FONT_FAMILIES, value);
    case 'fontSize':
      return inRange(value, FONT_SIZE) && Number.isInteger(value);
    case 'lineHeight':
      return inRange(value, LINE_HEIGHT);
    case 'margin':
      return inRange(value, MARGIN);
    case 'justify':
    case 'pageTurnAnimation':
      return typeof value === 'boolean';
    case 'readerLayout':
      return oneOf(READER_LAYOUTS, value);
  }
}

export function samePreferences(a: StampedPreferences, b: StampedPreferences): boolean {
  return PREFERENCE_FIELDS.every((f) => a.values[f] === b.values[f] && a.stamps[f] === b.stamps[f]);
}
