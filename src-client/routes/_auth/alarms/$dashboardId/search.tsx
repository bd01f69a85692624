import { createFileRoute } from '@tanstack/react-router';
import { SaveView } from '~/features/alarm-views/save-view';
import { alarmListDeps, loadAlarmList, useAlarmListRoute } from '~/features/alarms/alarm-list-route';
import { AllAlarmsPage } from '~/features/alarms/all-alarms-page';
import { dashboardListInput, filterStrings, folderSearchSchema } from '~/features/alarms/folder-search';

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
  const search = Route.useSearch();
  const { dashboard, folders, onSearchChange } = useAlarmListRoute(Route.fullPath, dashboardId);
  return (
    <AllAlarmsPage
      dashboard={dashboard}
      folders={folders}
      search={search}
      meId={user.id}
      onSearchChange={onSearchChange}
      tools={<SaveView dashboardId={dashboardId} filter={filterStrings(search)} />}
    />
  );
}
