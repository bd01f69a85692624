import { expect, test } from 'vitest';
import { dateLocale, formatDateTime, formatLongDate, isoWeekNumber } from './dates';

test('dates are written the Dutch way', () => {
  expect(formatLongDate(new Date(2026, 10, 22))).toBe('zondag 22 november 2026');
  expect(formatDateTime(new Date('2026-01-05T08:07:00Z'))).toBe('05-01-2026 09:07');
  expect(formatDateTime(new Date('2026-07-05T08:07:00Z'))).toBe('05-07-2026 10:07');
});

test('the locale starts weeks on Monday and counts week 1 as the week with 4 January', () => {
  expect(dateLocale.options?.weekStartsOn).toBe(1);
  expect(dateLocale.options?.firstWeekContainsDate).toBe(4);
  expect(isoWeekNumber(new Date(2021, 0, 3))).toBe(53);
  expect(isoWeekNumber(new Date(2026, 0, 1))).toBe(1);
});
