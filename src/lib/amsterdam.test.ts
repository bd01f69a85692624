import { expect, test } from 'vitest';
import { addDays, daysBetween, localDate, localMidnight } from './amsterdam';

test('local days are 23 or 25 hours on DST days', () => {
  expect(localMidnight('2024-04-01') - localMidnight('2024-03-31')).toBe(23 * 3600);
  expect(localMidnight('2024-10-28') - localMidnight('2024-10-27')).toBe(25 * 3600);
  expect(localMidnight('2024-06-02') - localMidnight('2024-06-01')).toBe(24 * 3600);
  expect(new Date(localMidnight('2024-03-31') * 1000).toISOString()).toBe('2024-03-30T23:00:00.000Z');
});

test('calendar arithmetic on local dates', () => {
  expect(addDays('2024-02-28', 2)).toBe('2024-03-01');
  expect(addDays('2025-01-01', -1)).toBe('2024-12-31');
  expect(daysBetween('2024-01-01', '2025-01-01')).toBe(366);
  expect(localDate(localMidnight('2024-10-27') + 24 * 3600)).toBe('2024-10-27');
  expect(localDate(localMidnight('2024-10-27') + 25 * 3600)).toBe('2024-10-28');
});
