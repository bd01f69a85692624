import { expect, test } from 'vitest';
import { currentIsoWeek, formatWeekRange, isoWeeksInYear, startOfIsoWeek } from './iso-week';

test('years have 52 or 53 ISO weeks', () => {
  expect(isoWeeksInYear(2020)).toBe(53);
  expect(isoWeeksInYear(2021)).toBe(52);
  expect(isoWeeksInYear(2026)).toBe(53);
});

test('early January can belong to the last week of the year before', () => {
  expect(currentIsoWeek(new Date(2021, 0, 1))).toEqual({ year: 2020, week: 53 });
  expect(currentIsoWeek(new Date(2025, 11, 29))).toEqual({ year: 2026, week: 1 });
});

test('week 1 of 2026 starts on Monday 29 December 2025 and is written in Dutch', () => {
  expect(startOfIsoWeek({ year: 2026, week: 1 })).toEqual(new Date(2025, 11, 29));
  expect(formatWeekRange({ year: 2026, week: 1 })).toBe('ma 29 dec. – zo 4 jan. 2026');
});
