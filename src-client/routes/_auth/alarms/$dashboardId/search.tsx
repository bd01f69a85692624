import { createFileRoute, useNavigate } from '@tanstack/react-router';
import { useCallback } from 'react';
import { AllAlarmsPage } from '~/features/alarms/all-alarms-page';
import { type FolderSearch, dashboardListInput, dashboardUsersInput, folderSearchSchema } from '~/features/alarms/folder-search';
import { loadRouteData } from '~/lib/route-data';
import { trpc } from '~/lib/trpc';

/** `search`: the dashboard's alarms over every folder, the filter in the URL (bookmarkable, shareable; saved views link here). */
export const Route = createFileRoute('/_auth/alarms/$dashboardId/search')({
  validateSearch: folderSearchSchema,
  loaderDeps: ({ search: { alarm, ...filters } }) => ({ ...filters, alarm }),
  loader: async ({ context: { utils }, params: { dashboardId }, deps, cause }) => {
    await loadRouteData(cause, () =>
      Promise.all([
        utils.alarm.search.ensureData(dashboardListInput(dashboardId, deps)),
        utils.alarmDashboard.users.ensureData(dashboardUsersInput(dashboardId)),
      ]),
    );
  },
  component: SearchRoute,
});

function SearchRoute() {
  const { dashboardId } = Route.useParams();
  const { user } = Route.useRouteContext();
  const search = Route.useSearch();
  const navigate = useNavigate({ from: Route.fullPath });
  const [dashboard] = trpc.alarmDashboard.get.useSuspenseQuery({ dashboardId });
  const [folders] = trpc.alarmFolder.list.useSuspenseQuery({ dashboardId });
  const onSearchChange = useCallback(
    (next: Partial<FolderSearch>, replace = false) => void navigate({ search: (s) => ({ ...s, ...next }), replace }),
    [navigate],
  );
  return <AllAlarmsPage dashboard={dashboard} folders={folders} search={search} meId={user.id} onSearchChange={onSearchChange} />;
}
