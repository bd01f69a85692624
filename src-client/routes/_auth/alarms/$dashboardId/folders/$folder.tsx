import { createFileRoute, redirect } from '@tanstack/react-router';
import { UnknownPage } from '~/features/alarm-area/unknown-page';
import { AlarmSetupGuide } from '~/features/alarm-setup/alarm-setup-steps';
import { canChangeSettings } from '~/lib/alarms/access';
import { folderByUrlKey } from '~/features/alarm-folders/folder-url-key';
import { alarmListDeps, loadAlarmList, useAlarmListRoute } from '~/features/alarms/alarm-list-route';
import { FolderPage } from '~/features/alarms/folder-page';
import { alarmListInput, folderSearchSchema } from '~/features/alarms/folder-search';

/** `folders/{folder}`: the folder's NAME is the URL key. */
export const Route = createFileRoute('/_auth/alarms/$dashboardId/folders/$folder')({
  validateSearch: folderSearchSchema,
  // A folder's label works as its URL key too: `folders/afgehandeld` goes to the folder's own name.
  beforeLoad: async ({ context: { trpc, queryClient }, params: { dashboardId, folder: key }, search }) => {
    const folder = folderByUrlKey(await queryClient.ensureQueryData(trpc.alarmFolder.list.queryOptions({ dashboardId })).catch(() => []), key);
    if (folder && folder.name !== key)
      throw redirect({ to: '/alarms/$dashboardId/folders/$folder', params: { dashboardId, folder: folder.name }, search, replace: true });
  },
  loaderDeps: alarmListDeps,
  loader: async ({ context: { trpc, queryClient }, params: { dashboardId, folder: name }, deps, cause }) => {
    const folder = (await queryClient.ensureQueryData(trpc.alarmFolder.list.queryOptions({ dashboardId }))).find((f) => f.name === name);
    if (!folder) return;
    await loadAlarmList({ trpc, queryClient }, { dashboardId, deps, cause }, () =>
      queryClient.ensureQueryData(trpc.alarm.list.queryOptions(alarmListInput(folder.id, deps))),
    );
  },
  component: FolderRoute,
});

function FolderRoute() {
  const { dashboardId, folder: name } = Route.useParams();
  const { user } = Route.useRouteContext();
  const search = Route.useSearch();
  const { dashboard, folders, onSearchChange } = useAlarmListRoute(Route.fullPath, dashboardId);
  const folder = folders.find((f) => f.name === name);
  if (!folder) return <UnknownPage dashboardId={dashboardId} />;
  // The inbox of a dashboard not yet set up points to its next steps, for those who may take them.
  const guide = folder.name === 'inbox' && canChangeSettings(user, dashboard) ? <AlarmSetupGuide dashboardId={dashboardId} /> : null;
  return (
    <>
      {guide}
      <FolderPage key={folder.id} dashboard={dashboard} folders={folders} folder={folder} search={search} meId={user.id} onSearchChange={onSearchChange} />
    </>
  );
}
