/**
 * Maintenance windows (DESIGN.md §9): planned outages per dashboard. Matching is RE2 (linear time),
 * so a window's pattern runs on the main thread without risk (see src/domain/alarm-lifecycle.ts).
 */
import { compileMaintenanceMatch } from '@/domain/alarm-lifecycle';
import type { DB } from '../../db/database';

/** The active window at `at` whose pattern (none: every alarm) matches the alarm's key or line. */
export async function matchingWindow(db: DB, dashboardId: number, at: number, alarm: { key: string | null; line: string }) {
  const active = await db
    .selectFrom('maintenanceWindow')
    .select(['id', 'match'])
    .where('dashboardId', '=', dashboardId)
    .where('to', '>', at)
    .where('from', '<=', at)
    .orderBy('id')
    .execute();
  return active.find((w) => {
    if (w.match === null) return true;
    const pattern = compileMaintenanceMatch(w.match);
    return pattern !== null && [alarm.key ?? '', alarm.line].some((text) => pattern.matcher(text).find());
  });
}
