/**
 * The calendar of /admin/analytics: UTC days as 'YYYY-MM-DD', date ranges (inclusive at both
 * ends), the presets, and the previous period a range is compared with. Pure, shared by the
 * rollup, the API and the page, so every side agrees on where a day starts and ends.
 */
export const DAY_MS = 86_400_000;
/** The longest range a chart asks for: two years of days. */
export const MAX_RANGE_DAYS = 731;

export interface DayRange {
  from: string;
  to: string;
}

const DAY_PATTERN = /^\d{4}-\d{2}-\d{2}$/;

/** The UTC day an instant falls on. */
export const dayOf = (ms: number): string => new Date(ms).toISOString().slice(0, 10);
/** The instant a UTC day starts. */
export const startOfDay = (day: string): number => Date.parse(`${day}T00:00:00Z`);
export const addDays = (day: string, n: number): string => dayOf(startOfDay(day) + n * DAY_MS);

/** A real calendar day written as YYYY-MM-DD (2026-02-30 is not one). */
export function isDay(text: string): boolean {
  return DAY_PATTERN.test(text) && !Number.isNaN(startOfDay(text)) && dayOf(startOfDay(text)) === text;
}

/** How many days a range holds, both ends counted. */
export const dayCount = ({ from, to }: DayRange): number => Math.round((startOfDay(to) - startOfDay(from)) / DAY_MS) + 1;

/** Every day of a range, in order. */
export function daysOf(range: DayRange): string[] {
  const n = dayCount(range);
  return Array.from({ length: Math.max(0, n) }, (_, i) => addDays(range.from, i));
}

/** The period of the same length that ends the day before `range` starts. */
export function previousPeriod(range: DayRange): DayRange {
  const n = dayCount(range);
  return { from: addDays(range.from, -n), to: addDays(range.from, -1) };
}

export const PRESETS = ['7d', '30d', '90d', 'year'] as const;
export type Preset = (typeof PRESETS)[number];
export const PRESET_LABELS: Record<Preset, string> = { '7d': 'Last 7 days', '30d': 'Last 30 days', '90d': 'Last 90 days', year: 'This year' };

/** A preset's range ending today (UTC); "this year" starts on 1 January. */
export function presetRange(preset: Preset, today: string): DayRange {
  if (preset === 'year') return { from: `${today.slice(0, 4)}-01-01`, to: today };
  const n = Number(preset.slice(0, -1));
  return { from: addDays(today, -(n - 1)), to: today };
}

/** A figure against its previous period: the difference, and the ratio of it (null when there was nothing before). */
export function change(current: number, previous: number): { delta: number; ratio: number | null } {
  return { delta: current - previous, ratio: previous === 0 ? null : (current - previous) / previous };
}

export const sum = (values: readonly number[]): number => values.reduce((a, b) => a + b, 0);
