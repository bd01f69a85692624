import { expect, test } from 'vitest';
import { formatDuration } from './duration';

test('a duration reads in seconds under a minute, then in days, hours and minutes without zero parts', () => {
  expect([null, 0, 45, 59.6, 720, 8040, 10_800, 12_600, 86_400, 93_900, 216_000].map(formatDuration)).toEqual([
    '–',
    '0 s',
    '45 s',
    '1 min',
    '12 min',
    '2 u 14 min',
    '3 u',
    '3 u 30 min',
    '1 d',
    '1 d 2 u 5 min',
    '2 d 12 u',
  ]);
});
