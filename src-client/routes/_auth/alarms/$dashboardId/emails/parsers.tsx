import { createFileRoute, useNavigate } from '@tanstack/react-router';
import { useCallback } from 'react';
import { type ParsersSearch, parsersSearchSchema } from '~/features/alarm-parsers/parser-search';
import { ParsersPage } from '~/features/alarm-parsers/parsers-page';
import { loadRouteData } from '~/lib/route-data';
import { trpc } from '~/lib/trpc';

/** `emails/parsers`: the list, or one parser (`?parser=<id>`, `?parser=new&type=CUSTOM`). A failed list shows in the page (LoadError). */
export const Route = createFileRoute('/_auth/alarms/$dashboardId/emails/parsers')({
  validateSearch: parsersSearchSchema,
  loaderDeps: ({ search: { parser } }) => ({ parser }),
  loader: ({ context: { utils }, params: { dashboardId }, deps, cause }) =>
    loadRouteData(cause, () =>
      Promise.all([
        utils.alarmParser.list.ensureData({ dashboardId }).catch(() => undefined),
        utils.alarmParser.sources.prefetch({ dashboardId }),
        typeof deps.parser === 'number' ? utils.alarmParser.get.prefetch({ parserId: deps.parser }) : null,
      ]),
    ),
  component: ParsersRoute,
});

function ParsersRoute() {
  const { dashboardId } = Route.useParams();
  const { user } = Route.useRouteContext();
  const search = Route.useSearch();
  const [dashboard] = trpc.alarmDashboard.get.useSuspenseQuery({ dashboardId });
  const [folders] = trpc.alarmFolder.list.useSuspenseQuery({ dashboardId });
  const navigate = useNavigate({ from: Route.fullPath });
  const onSearchChange = useCallback((next: ParsersSearch) => void navigate({ search: next }), [navigate]);
  return <ParsersPage user={user} dashboard={dashboard} folders={folders} search={search} onSearchChange={onSearchChange} />;
}
