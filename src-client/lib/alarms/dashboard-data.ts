/**
 * An alarm dashboard and its folders, which most pages of the dashboard read: the route's loader
 * waits for both, the page reads both from the same cache entries.
 */
import { useSuspenseQuery } from '@tanstack/react-query';
import { type TrpcCache, useTRPC } from '~/lib/trpc';

export const loadDashboardAndFolders = ({ trpc, queryClient }: TrpcCache, dashboardId: number) =>
  Promise.all([
    queryClient.ensureQueryData(trpc.alarmDashboard.get.queryOptions({ dashboardId })),
    queryClient.ensureQueryData(trpc.alarmFolder.list.queryOptions({ dashboardId })),
  ]);

/** The dashboard and its folders, once loaded (by the route's loader or the dashboard's layout). */
export function useDashboardAndFolders(dashboardId: number) {
  const trpc = useTRPC();
  const { data: dashboard } = useSuspenseQuery(trpc.alarmDashboard.get.queryOptions({ dashboardId }));
  const { data: folders } = useSuspenseQuery(trpc.alarmFolder.list.queryOptions({ dashboardId }));
  return { dashboard, folders };
}
