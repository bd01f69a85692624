/** The dashboard's counts, every one over the dashboard's relevant folders. */
import { PRIORITIES } from '@/domain/alarm-dashboard';
import type { Caller } from '../../platform/caller';
import type { DB } from '../../platform/db/database';
import { relevantFolderIds, trashFolderId } from '../alarm-folders/alarm-folders.queries';
import { type BucketQuery, alarmBuckets } from './alarm-buckets';
import * as q from './alarm-counts.queries';
import type { AlarmDeps } from './alarms.service';

const relevant = async (db: DB, dashboardId: number) => (await relevantFolderIds(db, dashboardId).execute()).map((f) => f.id);

export async function alarmCountPerPriority({ db }: Pick<AlarmDeps, 'db'>, dashboardId: number) {
  const counts = await q.countsPerPriority(db, await relevant(db, dashboardId));
  return PRIORITIES.map((priority) => ({ priority, count: counts.get(priority) ?? 0 }));
}

export const assignedAlarmCount = async ({ db }: Pick<AlarmDeps, 'db'>, { user }: Caller, dashboardId: number) =>
  q.countAssignedTo(db, await relevant(db, dashboardId), user.id);

export const unassignedAlarmCount = async ({ db }: Pick<AlarmDeps, 'db'>, dashboardId: number) => q.countUnassigned(db, await relevant(db, dashboardId));

/** Per local day, ISO week or month in [from, to): every bucket, zeros included; the trash not counted. */
export async function periodicAlarmCount({ db }: Pick<AlarmDeps, 'db'>, dashboardId: number, input: BucketQuery) {
  const { dates, ranges } = alarmBuckets(input);
  const counts = await q.countsPerBucket(db, dashboardId, await trashFolderId(db, dashboardId), ranges);
  return counts.map((c) => ({ date: dates[c.i]!, low: Number(c.low), medium: Number(c.medium), high: Number(c.high) }));
}
