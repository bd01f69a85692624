/**
 * Figures that compare equal coverage: a span ends where the stored data ends, and is set against
 * the same local span a week (or a number of days) earlier, only when that span holds about as much
 * data. The HUB publishes up to yesterday, so "this week" is "this week up to yesterday".
 */
import type { SpanFigure } from '@/domain/dashboard';
import { addDays, localDate, localMidnight } from '@/lib/amsterdam';
import { isoFromSeconds } from '../../platform/clock';
import { type SumAndCount, type WindowSum, round } from '../measurement-store/measurement-store.queries';

/** The earlier span must hold at least this share of the later span's stored rows (a DST hour, a missed quarter). */
const COMPARABLE_SHARE = 0.95;

/** The same local time of day `days` calendar days away (a DST day keeps the time since midnight). */
export const shiftDays = (ts: number, days: number) => {
  const date = localDate(ts);
  return localMidnight(addDays(date, days)) + (ts - localMidnight(date));
};

/** Where the stored data ends: the end of the hour holding the newest interval, never after now. */
export const dataEnd = (lastTs: number, nowTs: number) => Math.min(nowTs, Math.ceil((lastTs + 900) / 3600) * 3600);

/** A span's figure from its sum and count and those of the span it is set against. */
export function figureOf(from: number, to: number, current: SumAndCount, earlier: SumAndCount): SpanFigure {
  if (current.total === null) return { from: isoFromSeconds(from)!, to: isoFromSeconds(to)!, value: null, previous: null };
  const comparable = earlier.total !== null && earlier.count >= current.count * COMPARABLE_SHARE;
  return { from: isoFromSeconds(from)!, to: isoFromSeconds(to)!, value: current.total, previous: comparable ? earlier.total : null };
}

/** The sum and count of windows' per-channel sums, as `sumAndCount` gives them over the same rows: null without rows. */
export function totalOf(sums: WindowSum[]): SumAndCount {
  if (sums.length === 0) return { total: null, count: 0 };
  return { total: round(sums.reduce((t, s) => t + s.total, 0)), count: sums.reduce((n, s) => n + s.count, 0) };
}
