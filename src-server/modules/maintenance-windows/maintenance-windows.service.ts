/**
 * Maintenance windows: planned per dashboard, listed with whether they are active
 * now (by the injected clock), ended early or deleted. The pipeline consults them through
 * `matchingWindow` when it raises an alarm.
 *
 * Decisions made here:
 * - A window whose end already lies in the past cannot be created (it would never match).
 * - Ending applies to an active window only: `to` becomes now. A planned window that has not begun
 *   is deleted instead, and one that is over stays as it was: both answer 409 with a Dutch message,
 *   so "end" never silently turns into a delete.
 */
import type { CreateMaintenanceWindow, MaintenanceWindow } from '@/domain/maintenance-window';
import { type Clock, epochSeconds, isoFromSeconds } from '../../platform/clock';
import type { DB } from '../../platform/db/database';
import { AppError, invalidField } from '../../platform/errors';
import * as q from './maintenance-windows.queries';
import type { MaintenanceWindowRow } from './maintenance-windows.table';
import type { Caller } from '../../platform/caller';

export const WINDOW_ABSENT = 'Dit onderhoudsvenster bestaat niet.';

interface Deps {
  db: DB;
  clock: Clock;
}

type WindowWithAuthor = MaintenanceWindowRow & { fullName: string | null; email: string | null };

const toWindow = (r: WindowWithAuthor, now: number): MaintenanceWindow => ({
  id: r.id,
  from: isoFromSeconds(r.from)!,
  to: isoFromSeconds(r.to)!,
  match: r.match,
  note: r.note,
  active: r.from <= now && now < r.to,
  createdBy: r.createdBy === null ? null : { id: r.createdBy, fullName: r.fullName ?? r.email ?? '' },
  createdAt: isoFromSeconds(r.createdAt)!,
});

export async function listWindows(deps: Deps, dashboardId: number) {
  const now = epochSeconds(deps.clock);
  return (await q.windowsOfDashboard(deps.db, dashboardId, now)).map((r) => toWindow(r, now));
}

export async function createWindow(deps: Deps, { user }: Caller, input: CreateMaintenanceWindow) {
  const now = epochSeconds(deps.clock);
  if (input.to <= now) throw invalidField('to', 'Het einde ligt in het verleden; kies een einde na nu.');
  const { id } = await q.insertWindow(deps.db, { ...input, match: input.match ?? null, note: input.note ?? '', createdBy: user.id, createdAt: now });
  return toWindow(await q.windowWithAuthor(deps.db, id), now);
}

export async function endWindow(deps: Deps, window: MaintenanceWindowRow) {
  const now = epochSeconds(deps.clock);
  if (window.to <= now) throw new AppError('CONFLICT', 'Dit onderhoudsvenster is al voorbij.');
  if (window.from > now) throw new AppError('CONFLICT', 'Dit onderhoudsvenster is nog niet begonnen; verwijder het als het niet meer nodig is.');
  await q.setWindowEnd(deps.db, window.id, now);
  return toWindow(await q.windowWithAuthor(deps.db, window.id), now);
}

export async function deleteWindow(deps: Deps, window: MaintenanceWindowRow) {
  await q.deleteWindow(deps.db, window.id);
}
