import { createFileRoute, useNavigate } from '@tanstack/react-router';
import { useCallback } from 'react';
import { type ParsersSearch, parsersSearchSchema } from '~/features/alarm-parsers/parser-search';
import { ParsersPage } from '~/features/alarm-parsers/parsers-page';
import { useDashboardAndFolders } from '~/lib/alarms/dashboard-data';
import { loadRouteData } from '~/lib/route-data';

/** `emails/parsers`: the list, or one parser (`?parser=<id>`, `?parser=new&type=CUSTOM`). A failed list shows in the page (LoadError). */
export const Route = createFileRoute('/_auth/alarms/$dashboardId/emails/parsers')({
  validateSearch: parsersSearchSchema,
  loaderDeps: ({ search: { parser } }) => ({ parser }),
  loader: ({ context: { trpc, queryClient }, params: { dashboardId }, deps, cause }) =>
    loadRouteData(cause, () =>
      Promise.all([
        queryClient.ensureQueryData(trpc.alarmParser.list.queryOptions({ dashboardId })).catch(() => undefined),
        queryClient.prefetchQuery(trpc.alarmParser.sources.queryOptions({ dashboardId })),
        typeof deps.parser === 'number' ? queryClient.prefetchQuery(trpc.alarmParser.get.queryOptions({ parserId: deps.parser })) : null,
      ]),
    ),
  component: ParsersRoute,
});

function ParsersRoute() {
  const { dashboardId } = Route.useParams();
  const { user } = Route.useRouteContext();
  const search = Route.useSearch();
  const { dashboard, folders } = useDashboardAndFolders(dashboardId);
  const navigate = useNavigate({ from: Route.fullPath });
  const onSearchChange = useCallback((next: ParsersSearch) => void navigate({ search: next }), [navigate]);
  return <ParsersPage user={user} dashboard={dashboard} folders={folders} search={search} onSearchChange={onSearchChange} />;
}
