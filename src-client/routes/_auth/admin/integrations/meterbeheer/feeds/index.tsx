import { createFileRoute, useNavigate } from '@tanstack/react-router';
import { useCallback } from 'react';
import { type ListSearch, listSearchSchema, toListQuery } from '~/components/lists/list-search';
import { loadListData } from '~/components/lists/load-list';
import { FeedsPage } from '~/features/meterbeheer/feeds-page';

export const Route = createFileRoute('/_auth/admin/integrations/meterbeheer/feeds/')({
  validateSearch: listSearchSchema,
  loaderDeps: ({ search: { page, q } }) => ({ page, q }),
  loader: ({ context, deps, cause }) =>
    loadListData(cause, () =>
      Promise.all([
        context.queryClient.ensureQueryData(context.trpc.meterbeheer.feeds.queryOptions(toListQuery(deps))),
        context.queryClient.ensureQueryData(context.trpc.meterbeheer.syncStatus.queryOptions()),
      ]),
    ),
  component: FeedsRoute,
});

function FeedsRoute() {
  const search = Route.useSearch();
  const { user } = Route.useRouteContext();
  const navigate = useNavigate({ from: Route.fullPath });
  const onSearchChange = useCallback((next: ListSearch) => void navigate({ search: next }), [navigate]);
  return <FeedsPage search={search} user={user} onSearchChange={onSearchChange} />;
}
