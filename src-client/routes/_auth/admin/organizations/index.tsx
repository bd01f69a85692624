import { createFileRoute, useNavigate } from '@tanstack/react-router';
import { useCallback } from 'react';
import { type ListSearch, listSearchSchema, toListQuery } from '~/components/lists/list-search';
import { loadListData } from '~/components/lists/load-list';
import { OrganizationsPage } from '~/features/organizations/organizations-page';

export const Route = createFileRoute('/_auth/admin/organizations/')({
  validateSearch: listSearchSchema,
  loaderDeps: ({ search: { page, q } }) => ({ page, q }),
  loader: ({ context, deps, cause }) =>
    loadListData(cause, () => context.queryClient.ensureQueryData(context.trpc.organization.list.queryOptions(toListQuery(deps)))),
  component: OrganizationsRoute,
});

function OrganizationsRoute() {
  const search = Route.useSearch();
  const { user } = Route.useRouteContext();
  const navigate = useNavigate({ from: Route.fullPath });
  const onSearchChange = useCallback((next: ListSearch) => void navigate({ search: next }), [navigate]);
  return <OrganizationsPage search={search} user={user} onSearchChange={onSearchChange} />;
}
