/**
 * What the response-time report reads (DESIGN.md §9): per alarm outside the trash, when it was
 * received, acknowledged and resolved. One range of the covering index
 * `alarm_dashboard_received_lifecycle` (dashboardId, receivedAt, priorityRank, acknowledgedAt,
 * resolvedAt, folderId): the table itself is never touched.
 */
import type { Priority } from '@/domain/alarm-dashboard';
import type { DB } from '../../db/database';
import { PRIORITY_RANK } from './alarms.queries';

export function lifecycleTimes(db: DB, dashboardId: number, excludeFolderId: number, from: number, to: number, priority?: Priority) {
  let q = db
    .selectFrom('alarm')
    .select(['receivedAt', 'acknowledgedAt', 'resolvedAt'])
    .where('dashboardId', '=', dashboardId)
    .where('receivedAt', '>=', from)
    .where('receivedAt', '<', to)
    .where('folderId', '<>', excludeFolderId);
  if (priority) q = q.where('priorityRank', '=', PRIORITY_RANK[priority]);
  return q.execute();
}
