import { createFileRoute, useNavigate } from '@tanstack/react-router';
import { useCallback } from 'react';
import { type ListSearch, listSearchSchema, toListQuery } from '~/components/lists/list-search';
import { loadListData } from '~/components/lists/load-list';
import { LocationsPage } from '~/features/locations/locations-page';

export const Route = createFileRoute('/_auth/admin/locations/')({
  validateSearch: listSearchSchema,
  loaderDeps: ({ search: { page, q } }) => ({ page, q }),
  loader: ({ context, deps, cause }) =>
    loadListData(cause, () => context.queryClient.ensureQueryData(context.trpc.location.list.queryOptions(toListQuery(deps)))),
  component: LocationsRoute,
});

function LocationsRoute() {
  const search = Route.useSearch();
  const navigate = useNavigate({ from: Route.fullPath });
  const onSearchChange = useCallback((next: ListSearch) => void navigate({ search: next }), [navigate]);
  return <LocationsPage search={search} onSearchChange={onSearchChange} />;
}
