import { createFileRoute } from '@tanstack/react-router';
import { AllAlarmsPage } from '~/features/alarms/all-alarms-page';
import { alarmListDeps, loadAlarmList, useAlarmListRoute } from '~/features/alarms/alarm-list-route';
import { dashboardListInput, folderSearchSchema } from '~/features/alarms/folder-search';

/** `search`: the dashboard's alarms over every folder, the filter in the URL (bookmarkable, shareable; saved views link here). */
export const Route = createFileRoute('/_auth/alarms/$dashboardId/search')({
  validateSearch: folderSearchSchema,
  loaderDeps: alarmListDeps,
  loader: ({ context: { utils }, params: { dashboardId }, deps, cause }) =>
    loadAlarmList(utils, { dashboardId, deps, cause }, () => utils.alarm.search.ensureData(dashboardListInput(dashboardId, deps))),
  component: SearchRoute,
});

function SearchRoute() {
  const { dashboardId } = Route.useParams();
  const { user } = Route.useRouteContext();
  const { dashboard, folders, onSearchChange } = useAlarmListRoute(Route.fullPath, dashboardId);
  return <AllAlarmsPage dashboard={dashboard} folders={folders} search={Route.useSearch()} meId={user.id} onSearchChange={onSearchChange} />;
}
