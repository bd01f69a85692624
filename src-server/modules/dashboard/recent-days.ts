/**
 * The location list's figure for every location at once: per location the electricity of the seven
 * whole local days before the day its data ends in, per day and summed, against the seven days
 * before. Set-based: the newest interval of every channel in one statement and the fourteen days of
 * every channel in another, however many locations the list holds (a statement per location cost
 * PostgreSQL a round trip each). The answer is what the day aggregate and the sums of its two weeks give one location.
 */
import { addDays, amsterdamIsoSeries, localDate, localMidnight } from '@/lib/amsterdam';
import { bucketStarts } from '@/lib/local-buckets';
import { isoFromSeconds } from '../../platform/clock';
import type { DB } from '../../platform/db/database';
import { type SumWindow, type WindowSum, edgesPerChannel, round, windowSums } from '../measurement-store/measurement-store.queries';
import { dataEnd, figureOf, totalOf } from './span-figure';

const DAYS = 7;

interface Span {
  last: number;
  from: number;
  to: number;
  /** Local midnights of the 2 × 7 days, the earlier week first. */
  starts: number[];
}

function spanOf(last: number, nowTs: number): Span {
  const endDate = localDate(dataEnd(last, nowTs));
  const to = localMidnight(endDate);
  return { last, from: localMidnight(addDays(endDate, -DAYS)), to, starts: bucketStarts('day', localMidnight(addDays(endDate, -2 * DAYS)), to) };
}

/** Per location (by id) its recent days, null where its channels hold no data. */
export async function recentDaysOfLocations(db: DB, channelsPerLocation: Map<number, number[]>, nowTs: number) {
  const edges = await edgesPerChannel(db, [...new Set([...channelsPerLocation.values()].flat())]);
  const located = [...channelsPerLocation].flatMap(([locationId, channelIds], index) => {
    const known = channelIds.map((id) => edges.get(id)?.last).filter((ts): ts is number => ts != null);
    return known.length > 0 ? [{ locationId, index, channelIds, span: spanOf(Math.max(...known), nowTs) }] : [];
  });
  // Key: the location's place in the list and the day (0-13).
  const windows: SumWindow[] = located.flatMap(({ index, channelIds, span }) =>
    channelIds.flatMap((channelId) => span.starts.map((from, day) => ({ channelId, key: index * 2 * DAYS + day, from, to: span.starts[day + 1] ?? span.to }))),
  );
  const sums = await windowSums(db, windows);
  const out = new Map<number, ReturnType<typeof figures> | null>([...channelsPerLocation.keys()].map((id) => [id, null]));
  for (const { locationId, index, channelIds, span } of located)
    out.set(
      locationId,
      figures(span, channelIds, (day) => sums.get(index * 2 * DAYS + day) ?? []),
    );
  return out;
}

function figures(span: Span, channelIds: number[], sumsOf: (day: number) => WindowSum[]) {
  const week = (first: number) => totalOf(Array.from({ length: DAYS }, (_, i) => sumsOf(first + i)).flat());
  const days = amsterdamIsoSeries(span.starts.slice(DAYS)).map((timestamp, i) => {
    // Per channel rounded, then added in the meters' order: as the day aggregate answers it.
    const values = channelIds.map((id) => sumsOf(DAYS + i).find((s) => s.channelId === id)).map((s) => (s ? round(s.total) : null));
    const value = values.every((v) => v === null) ? null : values.reduce<number>((sum, v) => sum + (v ?? 0), 0);
    return { date: timestamp.slice(0, 10), value };
  });
  return { ...figureOf(span.from, span.to, week(DAYS), week(0)), days, lastDataAt: isoFromSeconds(span.last)! };
}
