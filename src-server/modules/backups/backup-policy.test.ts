import { expect, test } from 'vitest';
import { localToUtc } from '@/lib/amsterdam';
import { backupName, backupsToKeep, lastSlot, nextSlot, parseKeep, parseSchedule } from './backup-policy';

test('the schedule is off or local times of day; anything else is refused', () => {
  expect(parseSchedule('03:00')).toEqual({ times: ['03:00'] });
  expect(parseSchedule('off')).toBe('off');
  expect(parseSchedule('15:30, 03:00')).toEqual({ times: ['03:00', '15:30'] });
  for (const bad of ['3:00', '24:00', 'daily', '', '03:00,']) expect(parseSchedule(bad), bad).toBeNull();
});

test('the keep rule counts days, weeks, months and years', () => {
  expect(parseKeep('7d,4w,12m')).toEqual({ d: 7, w: 4, m: 12 });
  expect(parseKeep('2y')).toEqual({ y: 2 });
  for (const bad of ['7', '7x', 'd7', '']) expect(parseKeep(bad), bad).toBeNull();
});

test('the schedule is in local time: 03:00 is 01:00 UTC in summer and 02:00 UTC in winter', () => {
  const schedule = { times: ['03:00'] };
  expect(new Date(nextSlot(schedule, localToUtc('2026-07-01T12:00')) * 1000).toISOString()).toBe('2026-07-02T01:00:00.000Z');
  expect(new Date(nextSlot(schedule, localToUtc('2026-12-01T01:00')) * 1000).toISOString()).toBe('2026-12-01T02:00:00.000Z');
  expect(new Date(lastSlot(schedule, localToUtc('2026-12-01T01:00')) * 1000).toISOString()).toBe('2026-11-30T02:00:00.000Z');
});

test('a year of daily backups keeps the newest of 7 days, 4 weeks and 12 months', () => {
  let backups: { name: string; at: number }[] = [];
  for (let day = 0; day < 365; day++) {
    const at = localToUtc('2026-01-01T03:00') + day * 86_400;
    backups.push({ name: backupName(new Date(at * 1000)), at });
    const keep = backupsToKeep(backups, { d: 7, w: 4, m: 12 });
    backups = backups.filter((b) => keep.has(b.name));
  }
  const days = backups.map((b) => new Date(b.at * 1000).toISOString().slice(0, 10)).sort();
  // The last 7 days, the Sundays closing the 3 weeks before (newest of their ISO week), and the last day of 12 months.
  expect(days.slice(-7)).toEqual(['2026-12-25', '2026-12-26', '2026-12-27', '2026-12-28', '2026-12-29', '2026-12-30', '2026-12-31']);
  expect(days).toContain('2026-12-20');
  expect(days).toContain('2026-11-30');
  expect(days).toContain('2026-01-31');
  expect(days).not.toContain('2026-12-24');
  expect(backups.length).toBeLessThanOrEqual(7 + 4 + 12);
});
