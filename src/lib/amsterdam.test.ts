import { expect, test } from 'vitest';
import { addDays, amsterdamIso, amsterdamIsoSeries, daysBetween, localDate, localMidnight } from './amsterdam';

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

test('the fast offset agrees with the time-zone database every hour of 2023–2025', async () => {
  const { TZDate } = await import('@date-fns/tz');
  const { amsterdamIso, amsterdamOffsetMinutes } = await import('./amsterdam');
  for (let ms = Date.UTC(2023, 0, 1); ms < Date.UTC(2026, 0, 1); ms += 3_600_000) {
    expect(amsterdamOffsetMinutes(ms)).toBe(-new TZDate(ms, 'Europe/Amsterdam').getTimezoneOffset());
  }
  expect(amsterdamIso(Date.parse('2024-03-31T01:00:00Z'))).toBe('2024-03-31T03:00:00+02:00');
  expect(amsterdamIso(Date.parse('2024-10-27T00:45:00Z'))).toBe('2024-10-27T02:45:00+02:00');
  expect(amsterdamIso(Date.parse('2024-10-27T01:00:00Z'))).toBe('2024-10-27T02:00:00+01:00');
});

test('local dates and midnights agree with the time-zone database every day of 2000–2040', async () => {
  const { TZDate } = await import('@date-fns/tz');
  for (let ms = Date.UTC(2000, 0, 1, 12); ms < Date.UTC(2041, 0, 1); ms += 86_400_000) {
    const date = new Date(ms).toISOString().slice(0, 10);
    const [y, m, d] = date.split('-').map(Number) as [number, number, number];
    const midnight = new TZDate(y, m - 1, d, 'Europe/Amsterdam').getTime() / 1000;
    expect(localMidnight(date)).toBe(midnight);
    expect(localDate(midnight)).toBe(date);
    expect(localDate(midnight - 1)).toBe(addDays(date, -1));
  }
});

test('the series of ISO wall times equals amsterdamIso one by one, quarter-hours of 2024 and 2025 with both DST changes', () => {
  const instants: number[] = [];
  for (let ts = localMidnight('2024-01-01'); ts < localMidnight('2026-01-01'); ts += 900) instants.push(ts);
  const series = amsterdamIsoSeries(instants);
  expect(series.filter((iso, i) => iso !== amsterdamIso(instants[i]! * 1000))).toEqual([]);
  expect(series).toContain('2024-10-27T02:00:00+02:00');
  expect(series).toContain('2024-10-27T02:00:00+01:00');
});
