import { Link, createFileRoute, redirect, useNavigate } from '@tanstack/react-router';
import { folderByUrlKey } from '~/features/alarm-folders/folder-url-key';
import { useCallback } from 'react';
import { FolderPage } from '~/features/alarms/folder-page';
import { type FolderSearch, alarmListInput, dashboardUsersInput, folderSearchSchema } from '~/features/alarms/folder-search';
import { loadRouteData } from '~/lib/route-data';
import { trpc } from '~/lib/trpc';

/** `folders/{folder}`: the folder's NAME is the URL key (DESIGN.md §7). */
export const Route = createFileRoute('/_auth/alarms/$dashboardId/folders/$folder')({
  validateSearch: folderSearchSchema,
  // A folder's label works as its URL key too (issue 23): `folders/afgehandeld` goes to the folder's own name.
  beforeLoad: async ({ context: { utils }, params: { dashboardId, folder: key }, search }) => {
    const folder = folderByUrlKey(await utils.alarmFolder.list.ensureData({ dashboardId }).catch(() => []), key);
    if (folder && folder.name !== key)
      throw redirect({ to: '/alarms/$dashboardId/folders/$folder', params: { dashboardId, folder: folder.name }, search, replace: true });
  },
  loaderDeps: ({ search: { alarm, ...filters } }) => ({ ...filters, alarm }),
  loader: async ({ context: { utils }, params: { dashboardId, folder: name }, deps, cause }) => {
    const folder = (await utils.alarmFolder.list.ensureData({ dashboardId })).find((f) => f.name === name);
    if (!folder) return;
    await loadRouteData(cause, () =>
      Promise.all([
        utils.alarm.list.ensureData(alarmListInput(folder.id, deps)),
        utils.alarmDashboard.users.ensureData(dashboardUsersInput(dashboardId)),
        deps.alarm ? utils.alarm.get.prefetch({ alarmId: deps.alarm }) : null,
      ]),
    );
  },
  component: FolderRoute,
});

function FolderRoute() {
  const { dashboardId, folder: name } = Route.useParams();
  const { user } = Route.useRouteContext();
  const search = Route.useSearch();
  const navigate = useNavigate({ from: Route.fullPath });
  const [dashboard] = trpc.alarmDashboard.get.useSuspenseQuery({ dashboardId });
  const [folders] = trpc.alarmFolder.list.useSuspenseQuery({ dashboardId });
  const onSearchChange = useCallback(
    (next: Partial<FolderSearch>, replace = false) => void navigate({ search: (s) => ({ ...s, ...next }), replace }),
    [navigate],
  );
  const folder = folders.find((f) => f.name === name);
  if (!folder) {
    return (
      <section className="grid max-w-xl gap-3 py-10">
        <h1 className="text-2xl font-semibold">Pagina bestaat niet</h1>
        <p>
          <Link to="/alarms/$dashboardId" params={{ dashboardId }} className="font-medium text-primary underline underline-offset-4">
            Naar het overzicht
          </Link>
        </p>
      </section>
    );
  }
  return <FolderPage key={folder.id} dashboard={dashboard} folders={folders} folder={folder} search={search} meId={user.id} onSearchChange={onSearchChange} />;
}
