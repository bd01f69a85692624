/**
 * What the two alarm-list routes (`folders/{folder}` and `search`) share: their loader's deps and
 * wait, and the page's dashboard, folders and URL-changing callback.
 */
import { useNavigate } from '@tanstack/react-router';
import { useCallback } from 'react';
import { useDashboardAndFolders } from '~/lib/alarms/dashboard-data';
import { loadRouteData } from '~/lib/route-data';
import type { TrpcCache } from '~/lib/trpc';
import { type FolderSearch, dashboardUsersInput } from './folder-search';

/** The loader's deps: every search param, the open alarm included (its details load with the list). */
export const alarmListDeps = ({ search: { alarm, ...filters } }: { search: FolderSearch }) => ({ ...filters, alarm });

/** The route waits for its page of alarms (`list`), the dashboard's users and, when one is open, the alarm. */
export function loadAlarmList(
  { trpc, queryClient }: TrpcCache,
  { dashboardId, deps, cause }: { dashboardId: number; deps: FolderSearch; cause: 'enter' | 'stay' | 'preload' },
  list: () => Promise<unknown>,
) {
  return loadRouteData(cause, () =>
    Promise.all([
      list(),
      queryClient.ensureQueryData(trpc.alarmDashboard.users.queryOptions(dashboardUsersInput(dashboardId))),
      deps.alarm ? queryClient.prefetchQuery(trpc.alarm.get.queryOptions({ alarmId: deps.alarm })) : null,
    ]),
  );
}

/** The page's dashboard and folders (loaded by the dashboard's layout) and how it changes its search params. */
export function useAlarmListRoute(from: '/alarms/$dashboardId/search' | '/alarms/$dashboardId/folders/$folder', dashboardId: number) {
  const navigate = useNavigate({ from });
  const { dashboard, folders } = useDashboardAndFolders(dashboardId);
  const onSearchChange = useCallback(
    (next: Partial<FolderSearch>, replace = false) => void navigate({ search: (s) => ({ ...s, ...next }), replace }),
    [navigate],
  );
  return { dashboard, folders, onSearchChange };
}
