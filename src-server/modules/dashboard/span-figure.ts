/**
 * Figures that compare equal coverage: a span ends where the stored data ends, and is set against
 * the same local span a week (or a number of days) earlier, only when that span holds about as much
 * data. The HUB publishes up to yesterday, so "this week" is "this week up to yesterday".
 */
import type { SpanFigure } from '@/domain/dashboard';
import { addDays, localDate, localMidnight } from '@/lib/amsterdam';
import { isoFromSeconds } from '../../platform/clock';
import type { DB } from '../../platform/db/database';
import { sumAndCount } from '../measurement-store/measurement-store.queries';

/** The earlier span must hold at least this share of the later span's stored rows (a DST hour, a missed quarter). */
const COMPARABLE_SHARE = 0.95;

/** The same local time of day `days` calendar days away (a DST day keeps the time since midnight). */
const shiftDays = (ts: number, days: number) => {
  const date = localDate(ts);
  return localMidnight(addDays(date, days)) + (ts - localMidnight(date));
};

/** Where the stored data ends: the end of the hour holding the newest interval, never after now. */
export const dataEnd = (lastTs: number, nowTs: number) => Math.min(nowTs, Math.ceil((lastTs + 900) / 3600) * 3600);

/** The sum over [from, min(to, end)) next to the same span `back` days earlier. */
export async function spanFigure(db: DB, channelIds: number[], from: number, to: number, back = 7): Promise<SpanFigure> {
  if (to <= from) return { from: isoFromSeconds(from)!, to: isoFromSeconds(from)!, value: null, previous: null };
  const current = await sumAndCount(db, channelIds, from, to);
  if (current.total === null) return { from: isoFromSeconds(from)!, to: isoFromSeconds(to)!, value: null, previous: null };
  const earlier = await sumAndCount(db, channelIds, shiftDays(from, -back), shiftDays(to, -back));
  const comparable = earlier.total !== null && earlier.count >= current.count * COMPARABLE_SHARE;
  return { from: isoFromSeconds(from)!, to: isoFromSeconds(to)!, value: current.total, previous: comparable ? earlier.total : null };
}
