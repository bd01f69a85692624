import { describe, expect, test } from 'vitest';
import { bucketLabel, periodRange } from './period';

describe('the overview chart periods', () => {
  test('30 days up to and including today', () => {
    expect(periodRange('day', '2026-03-10')).toEqual({ from: '2026-02-09', to: '2026-03-11', granularity: 'day' });
  });

  test('26 ISO weeks from a Monday, ending after the current week', () => {
    // 2026-11-22 is a Sunday; its week began on Monday 16 November.
    expect(periodRange('week', '2026-11-22')).toEqual({ from: '2026-05-25', to: '2026-11-23', granularity: 'week' });
    expect(periodRange('week', '2026-11-16').to).toBe('2026-11-23');
  });

  test('12 months over a year boundary', () => {
    expect(periodRange('month', '2026-01-15')).toEqual({ from: '2025-02-01', to: '2026-02-01', granularity: 'month' });
    expect(periodRange('month', '2026-12-31')).toEqual({ from: '2026-01-01', to: '2027-01-01', granularity: 'month' });
  });

  test('Dutch axis labels', () => {
    expect(bucketLabel('2026-11-03', 'day')).toBe('3 nov.');
    expect(bucketLabel('2026-11-02', 'week')).toBe('wk 45');
    expect(bucketLabel('2026-03-01', 'month')).toBe('mrt. 2026');
  });
});
