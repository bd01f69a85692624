/**
 * What the two alarm-list routes (`folders/{folder}` and `search`) share: their loader's deps and
 * wait, and the page's dashboard, folders and URL-changing callback.
 */
import { useNavigate } from '@tanstack/react-router';
import { useCallback } from 'react';
import type { TrpcUtils } from '~/lib/trpc';
import { loadRouteData } from '~/lib/route-data';
import { trpc } from '~/lib/trpc';
import { type FolderSearch, dashboardUsersInput } from './folder-search';

/** The loader's deps: every search param, the open alarm included (its details load with the list). */
export const alarmListDeps = ({ search: { alarm, ...filters } }: { search: FolderSearch }) => ({ ...filters, alarm });

/** The route waits for its page of alarms (`list`), the dashboard's users and, when one is open, the alarm. */
export function loadAlarmList(
  utils: TrpcUtils,
  { dashboardId, deps, cause }: { dashboardId: number; deps: FolderSearch; cause: 'enter' | 'stay' | 'preload' },
  list: () => Promise<unknown>,
) {
  return loadRouteData(cause, () =>
    Promise.all([
      list(),
      utils.alarmDashboard.users.ensureData(dashboardUsersInput(dashboardId)),
      deps.alarm ? utils.alarm.get.prefetch({ alarmId: deps.alarm }) : null,
    ]),
  );
}

/** The page's dashboard and folders (loaded by the dashboard's layout) and how it changes its search params. */
export function useAlarmListRoute(from: '/alarms/$dashboardId/search' | '/alarms/$dashboardId/folders/$folder', dashboardId: number) {
  const navigate = useNavigate({ from });
  const [dashboard] = trpc.alarmDashboard.get.useSuspenseQuery({ dashboardId });
  const [folders] = trpc.alarmFolder.list.useSuspenseQuery({ dashboardId });
  const onSearchChange = useCallback(
    (next: Partial<FolderSearch>, replace = false) => void navigate({ search: (s) => ({ ...s, ...next }), replace }),
    [navigate],
  );
  return { dashboard, folders, onSearchChange };
}
