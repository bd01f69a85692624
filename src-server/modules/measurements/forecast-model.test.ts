import { describe, expect, test } from 'vitest';
import { addDays } from '@/lib/amsterdam';
import { isDutchHoliday } from '@/lib/dutch-holidays';
import { type DayHours, forecastDay } from './forecast-model';

const weekday = (date: string) => new Date(`${date}T12:00:00Z`).getUTCDay();
/** An office: 10 kWh an hour from 08:00 to 18:00 on working days, 3 at night; 4 and 2 on Saturdays, 2 on Sundays. */
const office = (date: string, hour: number) => {
  const day = weekday(date);
  if (day === 0) return 2;
  if (day === 6) return hour >= 8 && hour < 18 ? 4 : 2;
  return hour >= 8 && hour < 18 ? 10 : 3;
};
/** A fixed wobble of up to ±10 % per hour, the same on every run. */
const wobble = (date: string, hour: number) => 1 + (((Number(date.replaceAll('-', '')) * 31 + hour * 7919) % 201) - 100) / 1000;

function history(from: string, to: string, value: (date: string, hour: number) => number) {
  const days = new Map<string, DayHours>();
  for (let date = from; date < to; date = addDays(date, 1))
    days.set(
      date,
      Array.from({ length: 24 }, (_, hour) => value(date, hour)),
    );
  return days;
}

describe('the day forecast', () => {
  test('reads nothing of its day or later: poisoned or removed, those days change nothing', () => {
    const day = '2024-11-13';
    const real = history('2024-05-01', '2024-12-01', (d, h) => office(d, h) * wobble(d, h));
    const poisoned = new Map(real);
    const removed = new Map(real);
    for (let date = day; date < '2024-12-01'; date = addDays(date, 1)) {
      poisoned.set(date, new Array(24).fill(1e9));
      removed.delete(date);
    }
    const forecast = forecastDay(real, day);
    expect(forecast.every((h) => h.value !== null && h.low !== null && h.high !== null)).toBe(true);
    expect(forecastDay(poisoned, day)).toEqual(forecast);
    expect(forecastDay(removed, day)).toEqual(forecast);
  });

  test('a steady week is forecast as it was, each hour inside its band', () => {
    const forecast = forecastDay(history('2024-06-01', '2024-11-13', office), '2024-11-13');
    forecast.forEach((h, hour) => {
      expect(h.value).toBeCloseTo(office('2024-11-13', hour), 6);
      expect(h.low!).toBeLessThanOrEqual(h.value!);
      expect(h.high!).toBeGreaterThanOrEqual(h.value!);
    });
  });

  test('with noise the band widens around the forecast, never below zero for a meter that only takes', () => {
    const forecast = forecastDay(
      history('2024-06-01', '2024-11-13', (d, h) => office(d, h) * wobble(d, h)),
      '2024-11-13',
    );
    expect(forecast.some((h) => h.high! - h.low! > 0.5)).toBe(true);
    expect(forecast.every((h) => h.low! >= 0 && h.low! <= h.value! && h.value! <= h.high!)).toBe(true);
  });

  test('a flat meter with hour-to-hour noise is forecast near its true level, not the noise of its last days', () => {
    /** Independent noise of up to ±10 % per hour (a fixed hash of date and hour). */
    const noise = (date: string, hour: number) => {
      let t = (Number(date.replaceAll('-', '')) * 24 + hour) >>> 0;
      t = Math.imul(t ^ (t >>> 15), t | 1);
      t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
      return (((t ^ (t >>> 14)) >>> 0) / 2 ** 32 - 0.5) * 0.2;
    };
    const forecast = forecastDay(
      history('2024-06-01', '2024-11-13', (d, h) => 10 * (1 + noise(d, h))),
      '2024-11-13',
    );
    // An hour's noise is 0.5 kWh on average; five days' mean would still be off by about 0.2.
    const off = forecast.map((h) => Math.abs(h.value! - 10));
    expect(off.reduce((a, b) => a + b) / 24).toBeLessThan(0.12);
    expect(Math.max(...off)).toBeLessThan(0.3);
  });

  test('a Dutch public holiday is forecast as a Sunday, and does not count as a working day after', () => {
    const days = history('2024-09-01', '2024-12-25', office);
    const christmas = forecastDay(days, '2024-12-25'); // a Wednesday
    expect(christmas.every((h) => Math.abs(h.value! - 2) < 1e-6)).toBe(true);
    const holidayAsSunday = new Map(days);
    holidayAsSunday.set('2024-12-25', new Array(24).fill(2));
    holidayAsSunday.set('2024-12-26', new Array(24).fill(2));
    const friday = forecastDay(holidayAsSunday, '2024-12-27');
    expect(friday[12]!.value).toBeCloseTo(10, 1);
  });

  test('a short history gives the profile of the days there are and no band; none gives nulls', () => {
    const three = forecastDay(history('2024-11-10', '2024-11-13', office), '2024-11-13');
    expect(three.every((h) => h.value !== null && h.low === null && h.high === null)).toBe(true);
    expect(three[12]!.value).toBeCloseTo(10, 6); // Monday and Tuesday, working days like the Wednesday
    expect(forecastDay(new Map(), '2024-11-13').every((h) => h.value === null && h.low === null && h.high === null)).toBe(true);
    // A day with fewer than 20 stored hours is no history.
    const partial = history('2024-11-12', '2024-11-13', (_date, hour) => (hour < 10 ? 5 : (null as unknown as number)));
    expect(forecastDay(partial, '2024-11-13').every((h) => h.value === null)).toBe(true);
  });
});

describe('Dutch public holidays', () => {
  test('the moving feasts, King’s Day on Saturday when the 27th is a Sunday, Liberation Day in lustrum years', () => {
    for (const date of ['2024-01-01', '2024-04-01', '2024-04-27', '2024-05-09', '2024-05-20', '2024-12-25', '2024-12-26', '2025-04-26', '2025-05-05'])
      expect(isDutchHoliday(date), date).toBe(true);
    for (const date of ['2024-03-29', '2024-05-05', '2025-04-27', '2024-12-24', '2024-12-31']) expect(isDutchHoliday(date), date).toBe(false);
  });
});
