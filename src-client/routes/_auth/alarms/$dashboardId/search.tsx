import { createFileRoute } from '@tanstack/react-router';
import { alarmListDeps, loadAlarmList, useAlarmListRoute } from '~/features/alarms/alarm-list-route';
import { AllAlarmsPage } from '~/features/alarms/all-alarms-page';
import { dashboardListInput, folderSearchSchema } from '~/features/alarms/folder-search';

/** `search`: the dashboard's alarms over every folder, the filter in the URL (bookmarkable, shareable; saved views link here). */
export const Route = createFileRoute('/_auth/alarms/$dashboardId/search')({
  validateSearch: folderSearchSchema,
  loaderDeps: alarmListDeps,
  loader: ({ context: { trpc, queryClient }, params: { dashboardId }, deps, cause }) =>
    loadAlarmList({ trpc, queryClient }, { dashboardId, deps, cause }, () =>
      queryClient.ensureQueryData(trpc.alarm.search.queryOptions(dashboardListInput(dashboardId, deps))),
    ),
  component: SearchRoute,
});

function SearchRoute() {
  const { dashboardId } = Route.useParams();
  const { user } = Route.useRouteContext();
  const { dashboard, folders, onSearchChange } = useAlarmListRoute(Route.fullPath, dashboardId);
  return <AllAlarmsPage dashboard={dashboard} folders={folders} search={Route.useSearch()} meId={user.id} onSearchChange={onSearchChange} />;
}
