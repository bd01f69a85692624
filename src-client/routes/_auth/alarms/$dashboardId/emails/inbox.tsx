import { createFileRoute, useNavigate } from '@tanstack/react-router';
import { useCallback } from 'react';
import { InboxPage } from '~/features/alarm-emails/inbox-page';
import { type InboxSearch, emailListInput, inboxSearchSchema } from '~/features/alarm-emails/inbox-search';
import { loadRouteData } from '~/lib/route-data';

/** `emails/inbox`: filter, sort, page and the open e-mail (`?email=<id>`, as the alarm panel links) live in the URL. */
export const Route = createFileRoute('/_auth/alarms/$dashboardId/emails/inbox')({
  validateSearch: inboxSearchSchema,
  loaderDeps: ({ search: { status, sort, page, email } }) => ({ status, sort, page, email }),
  loader: ({ context: { trpc, queryClient }, params: { dashboardId }, deps, cause }) =>
    // A failed list shows in the page (LoadError), not as an error page.
    loadRouteData(cause, () =>
      Promise.all([
        queryClient.ensureQueryData(trpc.alarmEmail.list.queryOptions(emailListInput(dashboardId, deps))).catch(() => undefined),
        deps.email ? queryClient.prefetchQuery(trpc.alarmEmail.get.queryOptions({ emailId: deps.email })) : null,
        deps.email ? queryClient.prefetchQuery(trpc.alarmEmail.attempts.queryOptions({ emailId: deps.email })) : null,
      ]),
    ),
  component: InboxRoute,
});

function InboxRoute() {
  const { dashboardId } = Route.useParams();
  const search = Route.useSearch();
  const navigate = useNavigate({ from: Route.fullPath });
  const onSearchChange = useCallback((next: Partial<InboxSearch>) => void navigate({ search: (s) => ({ ...s, ...next }) }), [navigate]);
  return <InboxPage dashboardId={dashboardId} search={search} onSearchChange={onSearchChange} />;
}
