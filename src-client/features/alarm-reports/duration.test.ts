import { expect, test } from 'vitest';
import { chartUnit, formatDuration } from './duration';

test('durations read in Dutch in the largest sensible unit', () => {
  expect([null, 45, 720, 12_600, 86_400, 216_000].map(formatDuration)).toEqual(['–', '45 s', '12 min', '3,5 uur', '1 dag', '2,5 dagen']);
  expect(chartUnit(3 * 3600 - 1).label).toBe('minuten');
  expect(chartUnit(3 * 3600).label).toBe('uren');
});
