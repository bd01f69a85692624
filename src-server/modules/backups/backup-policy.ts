/**
 * When backups are made (BACKUP_SCHEDULE) and which are kept (BACKUP_KEEP), as pure functions of
 * the clock, in local Amsterdam time.
 *
 * BACKUP_SCHEDULE: `off`, or one or more local times of day `HH:mm` separated by commas (default
 * `03:00`). A slot missed while the product was down is made up at the next start.
 * BACKUP_KEEP: counts per unit, `7d,4w,12m` (d day, w ISO week, m month, y year): the newest backup
 * of each of the 7 most recent days that have one, of the 4 most recent weeks, the 12 most recent
 * months. The newest backup is always kept. Days without a backup do not use up a count, so a
 * product that was off for a month still has its last backups.
 */
import { getISOWeek, getISOWeekYear } from 'date-fns';
import { addDays, localDate, localToUtc, wallClock } from '@/lib/amsterdam';

export type Schedule = { times: string[] } | 'off';
export type KeepRule = Partial<Record<'d' | 'w' | 'm' | 'y', number>>;

const TIME = /^([01]\d|2[0-3]):[0-5]\d$/;

/** Answers the schedule, or null when the text is not `off` or a list of `HH:mm`. */
export function parseSchedule(text: string): Schedule | null {
  const trimmed = text.trim().toLowerCase();
  if (trimmed === 'off') return 'off';
  const times = trimmed.split(',').map((t) => t.trim());
  return times.length > 0 && times.every((t) => TIME.test(t)) ? { times: [...new Set(times)].sort() } : null;
}

/** Answers the rule, or null when the text is not a list like `7d,4w,12m`. */
export function parseKeep(text: string): KeepRule | null {
  const rule: KeepRule = {};
  for (const part of text.split(',').map((p) => p.trim().toLowerCase())) {
    const match = part.match(/^(\d{1,4})([dwmy])$/);
    if (!match) return null;
    rule[match[2] as keyof KeepRule] = Number(match[1]);
  }
  return rule;
}

/** The slot instants (UTC seconds) of one local day. */
const slotsOn = (date: string, schedule: { times: string[] }) => schedule.times.map((t) => localToUtc(`${date}T${t}`));

/** The latest slot at or before `now` (UTC seconds). */
export function lastSlot(schedule: { times: string[] }, now: number): number {
  const today = localDate(now);
  const slots = [...slotsOn(addDays(today, -1), schedule), ...slotsOn(today, schedule)].filter((s) => s <= now);
  return Math.max(...slots);
}

/** The first slot after `now` (UTC seconds). */
export function nextSlot(schedule: { times: string[] }, now: number): number {
  const today = localDate(now);
  return Math.min(...[...slotsOn(today, schedule), ...slotsOn(addDays(today, 1), schedule)].filter((s) => s > now));
}

const BUCKETS: Record<keyof KeepRule, (utcSeconds: number) => string> = {
  d: (s) => localDate(s),
  w: (s) => {
    const local = wallClock(s);
    const day = new Date(local.getUTCFullYear(), local.getUTCMonth(), local.getUTCDate());
    return `${getISOWeekYear(day)}-W${getISOWeek(day)}`;
  },
  m: (s) => localDate(s).slice(0, 7),
  y: (s) => localDate(s).slice(0, 4),
};

/** The names to keep of `backups` (each with its instant in UTC seconds). */
export function backupsToKeep(backups: { name: string; at: number }[], rule: KeepRule): Set<string> {
  const newestFirst = [...backups].sort((a, b) => b.at - a.at || b.name.localeCompare(a.name));
  const keep = new Set<string>(newestFirst.slice(0, 1).map((b) => b.name));
  for (const [unit, count] of Object.entries(rule) as [keyof KeepRule, number][]) {
    const seen = new Set<string>();
    for (const backup of newestFirst) {
      if (seen.size >= count) break;
      const bucket = BUCKETS[unit](backup.at);
      if (seen.has(bucket)) continue;
      seen.add(bucket);
      keep.add(backup.name);
    }
  }
  return keep;
}

/** `energiebeheer-20261128T030000Z.backup` for an instant. */
export function backupName(at: Date): string {
  return `energiebeheer-${at.toISOString().slice(0, 19).replace(/[-:]/g, '')}Z.backup`;
}
