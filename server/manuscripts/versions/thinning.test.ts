import { describe, expect, it } from 'vitest';
import { versionsToThin } from './thinning';

const HOUR = 3_600_000;
const DAY = 24 * HOUR;
// Noon UTC on a fixed day, so "same day" below does not straddle midnight.
const NOW = Date.UTC(2026, 10, 22, 12);

describe('versionsToThin', () => {
  it('keeps every automatic version younger than two days', () => {
    const recent = Array.from({ length: 40 }, (_, i) => ({ id: `r${i}`, createdAt: NOW - i * HOUR }));
    expect(versionsToThin(recent, NOW)).toEqual([]);
  });

  it('keeps the newest of each day between two and thirty days', () => {
    const day = Date.UTC(2026, 10, 10); // 12 days before NOW
    const versions = [
      { id: 'morning', createdAt: day + 8 * HOUR },
      { id: 'evening', createdAt: day + 20 * HOUR },
      { id: 'noon', createdAt: day + 12 * HOUR },
      { id: 'next-day', createdAt: day + DAY + HOUR },
    ];
    expect(versionsToThin(versions, NOW).sort()).toEqual(['morning', 'noon']);
  });

  it('keeps the newest of each week beyond thirty days', () => {
    const week = Math.floor((NOW - 60 * DAY) / (7 * DAY)) * 7 * DAY; // start of a week bucket
    const versions = [0, 1, 2, 3, 4, 5, 6].map((d) => ({ id: `d${d}`, createdAt: week + d * DAY + HOUR }));
    expect(versionsToThin(versions, NOW).sort()).toEqual(['d0', 'd1', 'd2', 'd3', 'd4', 'd5']);
  });

  it('thinning again changes nothing', () => {
    const versions = Array.from({ length: 200 }, (_, i) => ({ id: `v${i}`, createdAt: NOW - i * 7 * HOUR }));
    const dropped = new Set(versionsToThin(versions, NOW));
    const left = versions.filter((v) => !dropped.has(v.id));
    expect(versionsToThin(left, NOW)).toEqual([]);
    expect(left.length).toBeLessThan(60);
  });
});
