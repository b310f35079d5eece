import { describe, expect, it } from 'vitest';
import { addDays, change, dayCount, dayOf, daysOf, isDay, presetRange, previousPeriod } from './days';

describe('analytics days', () => {
  it('cuts days at UTC midnight', () => {
    expect(dayOf(Date.parse('2026-03-01T23:59:59.999Z'))).toBe('2026-03-01');
    expect(dayOf(Date.parse('2026-03-02T00:00:00.000Z'))).toBe('2026-03-02');
  });

  it('knows a real day from a look-alike', () => {
    expect(isDay('2024-02-29')).toBe(true);
    expect(isDay('2026-02-29')).toBe(false);
    expect(isDay('2026-13-01')).toBe(false);
    expect(isDay('2026-1-01')).toBe(false);
  });

  it('lists a range with both ends, across a month and a leap day', () => {
    expect(daysOf({ from: '2024-02-28', to: '2024-03-01' })).toEqual(['2024-02-28', '2024-02-29', '2024-03-01']);
    expect(dayCount({ from: '2026-01-01', to: '2026-12-31' })).toBe(365);
  });

  it('compares a range with the same number of days just before it', () => {
    expect(previousPeriod({ from: '2026-03-01', to: '2026-03-07' })).toEqual({ from: '2026-02-22', to: '2026-02-28' });
    expect(previousPeriod({ from: '2026-01-01', to: '2026-01-01' })).toEqual({ from: '2025-12-31', to: '2025-12-31' });
    // This year so far (1 Jan to 10 Mar 2024, 70 days with the leap day) against the 70 days before it.
    const year = presetRange('year', '2024-03-10');
    expect(year).toEqual({ from: '2024-01-01', to: '2024-03-10' });
    expect(previousPeriod(year)).toEqual({ from: '2023-10-23', to: '2023-12-31' });
    expect(dayCount(previousPeriod(year))).toBe(dayCount(year));
  });

  it('ends the presets today', () => {
    expect(presetRange('7d', '2026-03-07')).toEqual({ from: '2026-03-01', to: '2026-03-07' });
    expect(dayCount(presetRange('90d', '2026-03-07'))).toBe(90);
    expect(addDays('2026-03-01', -1)).toBe('2026-02-28');
  });

  it('gives the change and its ratio, with no ratio against nothing', () => {
    expect(change(15, 10)).toEqual({ delta: 5, ratio: 0.5 });
    expect(change(5, 10)).toEqual({ delta: -5, ratio: -0.5 });
    expect(change(3, 0)).toEqual({ delta: 3, ratio: null });
  });
});
