import { createFileRoute, useNavigate } from '@tanstack/react-router';
import { useCallback } from 'react';
import { type ListSearch, listSearchSchema, toListQuery } from '~/components/lists/list-search';
import { loadListData } from '~/components/lists/load-list';
import { MetersPage } from '~/features/meters/meters-page';

export const Route = createFileRoute('/_auth/admin/meters/')({
  validateSearch: listSearchSchema,
  loaderDeps: ({ search: { page, q } }) => ({ page, q }),
  loader: ({ context, deps, cause }) => loadListData(cause, () => context.queryClient.ensureQueryData(context.trpc.meter.list.queryOptions(toListQuery(deps)))),
  component: MetersRoute,
});

function MetersRoute() {
  const search = Route.useSearch();
  const navigate = useNavigate({ from: Route.fullPath });
  const onSearchChange = useCallback((next: ListSearch) => void navigate({ search: next }), [navigate]);
  return <MetersPage search={search} onSearchChange={onSearchChange} />;
}
