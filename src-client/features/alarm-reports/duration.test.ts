import { expect, test } from 'vitest';
import { chartUnit, roundTicks } from './duration';

test('a chart of response times reads in minutes while the longest is under three hours, else in hours', () => {
  expect(chartUnit(3 * 3600 - 1).label).toBe('minuten');
  expect(chartUnit(3 * 3600).label).toBe('uren');
});

test('the minutes axis has round ticks: 0 / 0,5 / 1 / 1,5 …, never 0 / 0,7 / 1,3', () => {
  expect(roundTicks(2.6)).toEqual([0, 0.5, 1, 1.5, 2, 2.5, 3]);
  expect(roundTicks(2)).toEqual([0, 0.5, 1, 1.5, 2]);
  expect(roundTicks(0.4)).toEqual([0, 0.1, 0.2, 0.3, 0.4]);
  expect(roundTicks(37)).toEqual([0, 10, 20, 30, 40]);
  expect(roundTicks(130)).toEqual([0, 50, 100, 150]);
  expect(roundTicks(0)).toEqual([0, 1]);
  for (const max of [0.07, 1.3, 7.9, 59, 179, 1234]) {
    const ticks = roundTicks(max);
    const step = ticks[1]!;
    expect(ticks.at(-1)).toBeGreaterThanOrEqual(max);
    expect(ticks.length).toBeLessThanOrEqual(7);
    expect(String(step / 10 ** Math.floor(Math.log10(step)))).toMatch(/^[125]$/);
  }
});
