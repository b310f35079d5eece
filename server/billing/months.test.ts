import { describe, expect, it } from 'vitest';
import { ApiError } from '../http/errors';
import { monthOf } from '../../sync/api/billing';
import { resolveMonthRange } from './months';

const NOW = Date.parse('2025-02-14T12:00:00Z');

describe('month ranges (UTC)', () => {
  it('names the month of an instant in UTC', () => {
    expect(monthOf(Date.parse('2025-01-31T23:59:59.999Z'))).toBe('2025-01');
    expect(monthOf(Date.parse('2025-02-01T00:00:00Z'))).toBe('2025-02');
  });

  it('defaults to the current month and the eleven before it, across a year end', () => {
    expect(resolveMonthRange({}, NOW)).toEqual({
      from: '2024-03',
      to: '2025-02',
      startMs: Date.parse('2024-03-01T00:00:00Z'),
      endMs: Date.parse('2025-03-01T00:00:00Z'),
    });
    expect(resolveMonthRange({ from: '', to: '' }, NOW).from).toBe('2024-03');
    expect(resolveMonthRange({ to: '2024-12' }, NOW)).toMatchObject({ from: '2024-01', endMs: Date.parse('2025-01-01T00:00:00Z') });
  });

  it('takes one month, and up to ten years', () => {
    expect(resolveMonthRange({ from: '2024-12', to: '2024-12' }, NOW)).toMatchObject({
      startMs: Date.parse('2024-12-01T00:00:00Z'),
      endMs: Date.parse('2025-01-01T00:00:00Z'),
    });
    expect(resolveMonthRange({ from: '2015-03', to: '2025-02' }, NOW).from).toBe('2015-03');
  });

  it('refuses a range that ends before it starts, or is longer than ten years', () => {
    const fieldOf = (query: { from?: string; to?: string }) => {
      try {
        resolveMonthRange(query, NOW);
      } catch (error) {
        return error instanceof ApiError ? [error.status, Object.keys(error.fields ?? {})] : error;
      }
      return 'accepted';
    };
    expect(fieldOf({ from: '2025-03', to: '2025-02' })).toEqual([422, ['to']]);
    expect(fieldOf({ from: '2025-03' })).toBe('accepted'); // the end defaults to the start when that is later
    expect(fieldOf({ from: '2015-02', to: '2025-02' })).toEqual([422, ['from']]);
  });
});
