/**
 * The page's date range lives in the URL (?range=30d, or ?from=…&to=… for a custom one), so a
 * range can be linked to and Back returns to the previous one. Anything unreadable falls back to
 * the last 30 days.
 */
import { dayOf, isDay, PRESETS, presetRange, type DayRange, type Preset } from '../../../sync/analytics/days';

const DEFAULT_PRESET: Preset = '30d';

export interface ChosenRange extends DayRange {
  preset: Preset | null;
}

export function rangeFromSearch(search: URLSearchParams, now = Date.now()): ChosenRange {
  const today = dayOf(now);
  const from = search.get('from') ?? '';
  const to = search.get('to') ?? '';
  if (isDay(from) && isDay(to) && from <= to) return { from, to, preset: null };
  const preset = PRESETS.find((p) => p === search.get('range')) ?? DEFAULT_PRESET;
  return { ...presetRange(preset, today), preset };
}
