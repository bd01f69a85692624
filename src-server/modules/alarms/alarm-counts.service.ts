/** The dashboard's counts (DESIGN.md §7 "Counts"), every one over the dashboard's relevant folders. */
import { invalidField } from '../../errors';
import { MAX_PERIODIC_BUCKETS } from '@/domain/alarm';
import { PRIORITIES } from '@/domain/alarm-dashboard';
import { localDate, localMidnight } from '@/lib/amsterdam';
import { bucketStarts } from '@/lib/local-buckets';
import type { DB } from '../../db/database';
import { relevantFolderIds, trashFolderId } from '../alarm-dashboards/folders.queries';
import * as q from './alarm-counts.queries';

const relevant = async (db: DB, dashboardId: number) => (await relevantFolderIds(db, dashboardId).execute()).map((f) => f.id);

export async function alarmCountPerPriority(db: DB, dashboardId: number) {
  const counts = await q.countsPerPriority(db, await relevant(db, dashboardId));
  return PRIORITIES.map((priority) => ({ priority, count: counts.get(priority) ?? 0 }));
}

export const assignedAlarmCount = async (db: DB, dashboardId: number, userId: number) => q.countAssignedTo(db, await relevant(db, dashboardId), userId);

export const unassignedAlarmCount = async (db: DB, dashboardId: number) => q.countUnassigned(db, await relevant(db, dashboardId));

/** Per local day, ISO week or month in [from, to): every bucket, zeros included; the trash not counted. */
export async function periodicAlarmCount(db: DB, dashboardId: number, input: { from: string; to: string; granularity: 'day' | 'week' | 'month' }) {
  const start = localMidnight(input.from);
  const end = localMidnight(input.to);
  const starts = bucketStarts(input.granularity, start, end, MAX_PERIODIC_BUCKETS);
  if (starts.length > MAX_PERIODIC_BUCKETS) {
    throw invalidField('to', `Hoogstens ${MAX_PERIODIC_BUCKETS} perioden per vraag; kies een kortere periode of een grovere indeling.`);
  }
  // The first bucket may start before `from` (a week from its Monday): only [from, to) is counted.
  const ranges = starts.map((s, i): [number, number] => [Math.max(s, start), starts[i + 1] ?? end]);
  const counts = await q.countsPerBucket(db, dashboardId, await trashFolderId(db, dashboardId), ranges);
  return counts.map((c) => ({ date: localDate(starts[c.i]!), low: Number(c.low), medium: Number(c.medium), high: Number(c.high) }));
}
